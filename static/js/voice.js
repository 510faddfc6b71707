/* Voice at the table (issue 34; the protocol is docs/voice.md): the table's voice room, joined when
 * the page opens, listening; the microphone and the camera only when the player presses their
 * button (getUserMedia is never called before). Full mesh: one RTCPeerConnection per other member,
 * the newcomer offers, each connection carries one audio and one video transceiver from the start
 * with no track until a button is pressed (replaceTrack then, no new offer). Nothing is sent before
 * the press, and a muted microphone sends nothing at all (replaceTrack(null), not a silent track).
 *
 * Kept for the next page (sessionStorage, this tab only): whether the microphone was live, push to
 * talk, "mute everybody". Kept for good (localStorage): the volume and mute he chose for each
 * player. The seats get a mark (microphone off, talking) found by their data-seat; the voice panel
 * lists the room with a volume and a mute for each. Every text goes through textContent.
 *
 * window.arfVoice: what the browser tests and bench/voice.py read (peers, their connection, bytes).
 */
(function () {
  "use strict";
  var configNode = document.getElementById("voice-config");
  var box = document.getElementById("voice");
  if (!configNode || !box) return;
  var cfg = JSON.parse(configNode.textContent);
  if (!window.RTCPeerConnection || !navigator.mediaDevices || !window.WebSocket) return;

  function $(id) { return document.getElementById(id); }
  function t(key, params) {
    return (cfg.text[key] || key).replace(/%\((\w+)\)s/g, function (_, name) { return params ? String(params[name]) : ""; });
  }
  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  // ---- what is kept
  var SESSION_KEY = "arf-voice", PEOPLE_KEY = "arf-voice-people";
  function readJSON(storage, key) {
    try { return JSON.parse(storage.getItem(key) || "{}") || {}; } catch (e) { return {}; }
  }
  var kept = readJSON(sessionStorage, SESSION_KEY); // {mic, ptt, deaf}
  var people = readJSON(localStorage, PEOPLE_KEY); // {user id: {muted, volume}}
  function keep() {
    sessionStorage.setItem(SESSION_KEY, JSON.stringify({ mic: state.wantMic, ptt: state.ptt, deaf: state.deaf }));
  }
  function keepPeople() { localStorage.setItem(PEOPLE_KEY, JSON.stringify(people)); }
  function prefOf(user) { return people[user] || { muted: false, volume: 1 }; }

  var state = {
    status: "connecting", // "connecting", "in", "refused", "replaced", "lost", "closed"
    socket: null,
    me: null, // my peer id in the room
    role: null, // "speaker" or "listener"
    peers: {}, // peer id -> peer
    ice: { iceServers: [], iceTransportPolicy: "all" },
    seat: undefined, // my seat at the table as the last view said (undefined: no view yet)
    retry: 0,
    wantMic: !!kept.mic, // he turned it on (kept for the next table's page)
    ptt: !!kept.ptt,
    deaf: !!kept.deaf,
    micTrack: null, // the microphone, held while on (push to talk: while the option is on)
    micLive: false, // sending
    camTrack: null,
    camLive: false,
    blocked: false, // the browser refused to play without a gesture
    gumCalls: 0,
  };

  // ---- the room's socket
  function send(message) {
    if (state.socket && state.socket.readyState === WebSocket.OPEN) state.socket.send(JSON.stringify(message));
  }
  function connect() {
    if (state.socket) return;
    var scheme = location.protocol === "https:" ? "wss://" : "ws://";
    var socket = new WebSocket(scheme + location.host + cfg.ws);
    var welcomed = false;
    state.socket = socket;
    state.status = "connecting";
    socket.addEventListener("message", function (event) {
      if (state.socket !== socket) return;
      var message = JSON.parse(event.data);
      if (message.type === "welcome") welcomed = true;
      receive(message);
    });
    socket.addEventListener("close", function (event) {
      if (state.socket !== socket) return;
      state.socket = null;
      leaveRoom();
      if (event.code === 4409) state.status = "replaced";
      if (state.status === "replaced" || state.status === "closed") { draw(); return; }
      // He sat down or stood up (the server's 4100): in again at once, as what he is now.
      if (event.code === 4100) { state.status = "connecting"; connect(); return; }
      // Refused at the door (4403, or closed before the welcome) or put out (not_in_room): he is
      // not a member; the page tries again when his seat changes, not before.
      // The server without its database (4503): tried again as after a lost socket.
      if (event.code !== 4503 && (event.code === 4403 || !welcomed || state.status === "refused")) {
        state.status = "refused";
        draw();
        return;
      }
      state.status = "lost";
      draw();
      state.retry = Math.min(state.retry + 1, 6);
      setTimeout(connect, 500 * state.retry);
    });
  }
  function reconnect() {
    var socket = state.socket;
    state.socket = null;
    if (socket) socket.close();
    leaveRoom();
    connect();
  }

  function receive(message) {
    var type = message.type;
    if (type === "welcome") welcome(message);
    else if (type === "peer_joined") joined(message.peer, false);
    else if (type === "peer_left") removePeer(message.peer);
    else if (type === "signal") signal(message);
    else if (type === "state") {
      var peer = state.peers[message.peer];
      if (!peer) return;
      peer.mic = !!message.mic;
      peer.cam = !!message.cam;
      drawPeer(peer);
      drawTiles();
    } else if (type === "replaced") {
      state.status = "replaced";
      stopTracks();
    } else if (type === "error") {
      if (message.code === "not_in_room") { state.status = "refused"; stopTracks(); }
      if (message.code === "too_many_cameras" && state.camLive) camOff();  // another took the last one
      say(message.message || message.code);
    }
  }

  function welcome(message) {
    state.status = "in";
    state.retry = 0;
    state.me = message.peer;
    state.role = message.role;
    state.ice = { iceServers: message.ice_servers || [], iceTransportPolicy: message.ice_transport_policy || "all" };
    if (state.role !== "speaker") stopTracks();
    message.peers.forEach(function (peer) { joined(peer, true); });
    draw();
    // Back at a table with his microphone on (a move of the online evening, a reload): on again.
    if (state.role === "speaker" && state.wantMic && !state.ptt) micOn();
    else sendState();
  }

  // ---- the peers: one connection each (two listeners never connect)
  function joined(info, iOffer) {
    var old = state.peers[info.peer];
    if (old) return;
    var peer = Object.assign({}, info, { pc: null, offerer: iOffer, queue: [], makingOffer: false, level: 0, audio: null, video: null });
    state.peers[info.peer] = peer;
    if (!(peer.role === "listener" && state.role === "listener")) makeConnection(peer);
    drawPeer(peer);
    drawPanel();
  }
  function removePeer(id) {
    var peer = state.peers[id];
    if (!peer) return;
    delete state.peers[id];
    if (peer.pc) peer.pc.close();
    if (peer.audio) { peer.audio.srcObject = null; peer.audio.remove(); }
    if (peer.video) { peer.video.srcObject = null; peer.video.remove(); }
    unmarkSeat(peer);
    drawPanel();
    drawTiles();
  }
  function leaveRoom() {
    Object.keys(state.peers).forEach(removePeer);
    state.me = null;
  }

  function direction() { return state.role === "speaker" ? "sendrecv" : "recvonly"; }

  function makeConnection(peer) {
    var pc = new RTCPeerConnection(state.ice);
    peer.pc = pc;
    if (peer.offerer) {
      peer.audioTx = pc.addTransceiver("audio", { direction: direction() });
      peer.videoTx = pc.addTransceiver("video", { direction: direction() });
      giveTracks(peer);
      pc.addEventListener("negotiationneeded", function () { offer(peer); });
    }
    pc.addEventListener("icecandidate", function (event) {
      send({ type: "signal", to: peer.peer, candidate: event.candidate ? event.candidate.toJSON() : null });
    });
    pc.addEventListener("track", function (event) { takeTrack(peer, event.track); });
    pc.addEventListener("connectionstatechange", function () {
      // A broken path (a phone changing networks): the newcomer's side gathers again and offers.
      if (pc.connectionState === "failed" && peer.offerer && state.peers[peer.peer] === peer) pc.restartIce();
      drawPanel();
    });
  }

  function offer(peer) {
    var pc = peer.pc;
    peer.makingOffer = true;
    pc.setLocalDescription().then(function () {
      send({ type: "signal", to: peer.peer, description: { type: pc.localDescription.type, sdp: pc.localDescription.sdp } });
    }).catch(function () { /* closed meanwhile */ }).then(function () { peer.makingOffer = false; });
  }

  // Perfect negotiation's rule, with the newcomer as the impolite side: an offer that collides
  // with his own is ignored by the newcomer and taken by the other (setRemoteDescription rolls back).
  // Candidates that come before their description wait in the peer's queue.
  function signal(message) {
    var peer = state.peers[message.from];
    if (!peer || !peer.pc) return;
    var pc = peer.pc;
    if (message.description) {
      var description = message.description;
      var collision = description.type === "offer" && (peer.makingOffer || pc.signalingState !== "stable");
      peer.ignoreOffer = peer.offerer && collision;
      if (peer.ignoreOffer) return;
      peer.chain = (peer.chain || Promise.resolve()).then(function () {
        return pc.setRemoteDescription(description);
      }).then(function () {
        var waiting = peer.queue;
        peer.queue = [];
        waiting.forEach(function (candidate) { pc.addIceCandidate(candidate).catch(function () {}); });
        if (description.type !== "offer") return null;
        pc.getTransceivers().forEach(function (tx) {
          var kind = tx.receiver.track.kind;
          if (kind === "audio") peer.audioTx = tx;
          if (kind === "video") peer.videoTx = tx;
          if (tx.direction !== "stopped") tx.direction = direction();
        });
        giveTracks(peer);
        return pc.setLocalDescription().then(function () {
          send({ type: "signal", to: peer.peer, description: { type: pc.localDescription.type, sdp: pc.localDescription.sdp } });
        });
      }).catch(function () { /* a description for a closed connection */ });
    } else if (message.candidate) {
      peer.chain = (peer.chain || Promise.resolve()).then(function () {
        if (!pc.remoteDescription) { peer.queue.push(message.candidate); return null; }
        return pc.addIceCandidate(message.candidate).catch(function (error) {
          if (!peer.ignoreOffer) throw error;
        });
      }).catch(function () {});
    }
  }

  // ---- what I send: the live tracks on every connection's senders (none while off)
  function giveTracks(peer) {
    if (state.role !== "speaker") return;
    if (peer.audioTx) peer.audioTx.sender.replaceTrack(state.micLive ? state.micTrack : null).catch(function () {});
    if (peer.videoTx) {
      var sender = peer.videoTx.sender;
      sender.replaceTrack(state.camLive ? state.camTrack : null).catch(function () {});
      if (state.camLive) limitVideo(sender);
    }
  }
  function limitVideo(sender) {
    var params = sender.getParameters();
    if (!params.encodings || !params.encodings.length) return;
    params.encodings[0].maxBitrate = cfg.video.max_bitrate;
    params.encodings[0].maxFramerate = cfg.video.frame_rate;
    sender.setParameters(params).catch(function () {});
  }
  function giveAll() { eachPeer(giveTracks); sendState(); draw(); }
  function sendState() { if (state.role === "speaker") send({ type: "state", mic: state.micLive, cam: state.camLive }); }
  function eachPeer(fn) { Object.keys(state.peers).forEach(function (id) { fn(state.peers[id]); }); }

  function getMedia(constraints) {
    state.gumCalls += 1;
    return navigator.mediaDevices.getUserMedia(constraints);
  }

  function takeMic() {
    if (state.micTrack) return Promise.resolve(state.micTrack);
    return getMedia({ audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true } }).then(function (stream) {
      state.micTrack = stream.getAudioTracks()[0];
      meter(stream);
      return state.micTrack;
    });
  }
  function micOn() {
    return takeMic().then(function () {
      state.micLive = !state.ptt;
      giveAll();
    }).catch(function () {
      state.wantMic = false;
      keep();
      say(t("mic_denied"));
      draw();
    });
  }
  function micOff() {
    state.micLive = false;
    if (!state.ptt) releaseMic();
    giveAll();
  }
  function releaseMic() {
    if (state.micTrack) state.micTrack.stop();
    state.micTrack = null;
    if (state.meter) { state.meter.context.close(); state.meter = null; }
  }
  function camOn() {
    var others = Object.keys(state.peers).filter(function (id) { return state.peers[id].cam; }).length;
    if (others >= cfg.max_cameras) { say(t("cameras_full", { n: cfg.max_cameras })); return; }
    var video = cfg.video;
    getMedia({ video: { width: { ideal: video.width }, height: { ideal: video.height }, frameRate: { ideal: video.frame_rate, max: video.frame_rate } } }).then(function (stream) {
      state.camTrack = stream.getVideoTracks()[0];
      state.camLive = true;
      giveAll();
      drawTiles();
    }).catch(function () { say(t("cam_denied")); });
  }
  function camOff() {
    state.camLive = false;
    if (state.camTrack) state.camTrack.stop();
    state.camTrack = null;
    giveAll();
    drawTiles();
  }
  // Everything off and given back to the system (the page leaves, or he is no longer a speaker).
  function stopTracks() {
    state.micLive = false;
    releaseMic();
    if (state.camTrack) state.camTrack.stop();
    state.camTrack = null;
    state.camLive = false;
    eachPeer(giveTracks);
    drawTiles();
    draw();
  }

  // ---- what I hear: one audio element per peer (played at his volume), his camera in a tile
  function takeTrack(peer, track) {
    if (track.kind === "audio") {
      if (!peer.audio) peer.audio = $("voice-audio").appendChild(el("audio"));
      peer.audio.srcObject = new MediaStream([track]);
      applyVolume(peer);
      play(peer.audio);
    } else {
      peer.videoTrack = track;
      drawTiles();
    }
  }
  function play(media) {
    var playing = media.play();
    if (playing && playing.catch) {
      playing.catch(function (error) {
        if (error && error.name === "NotAllowedError") { state.blocked = true; draw(); }
      });
    }
  }
  function applyVolume(peer) {
    if (!peer.audio) return;
    var pref = prefOf(peer.user);
    peer.audio.muted = state.deaf || pref.muted;
    peer.audio.volume = pref.volume;
  }

  // ---- who talks: the incoming audio's level (the receiver's synchronization sources, no audio
  // graph to unlock) and my own microphone's through an AnalyserNode, five times a second.
  var SPEAKING = 0.03;
  function meter(stream) {
    var Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return;
    var context = new Context();
    var analyser = context.createAnalyser();
    analyser.fftSize = 512;
    context.createMediaStreamSource(stream).connect(analyser);
    state.meter = { context: context, analyser: analyser, data: new Float32Array(analyser.fftSize) };
  }
  function myLevel() {
    var m = state.meter;
    if (!m || !state.micLive) return 0;
    m.analyser.getFloatTimeDomainData(m.data);
    var sum = 0;
    for (var k = 0; k < m.data.length; k++) sum += m.data[k] * m.data[k];
    return Math.sqrt(sum / m.data.length);
  }
  setInterval(function () {
    eachPeer(function (peer) {
      var level = 0;
      var rx = peer.audioTx && peer.audioTx.receiver;
      if (peer.mic && rx && rx.getSynchronizationSources) {
        var sources = rx.getSynchronizationSources();
        if (sources.length && performance.timeOrigin + performance.now() - sources[0].timestamp < 500) level = sources[0].audioLevel || 0;
      }
      var speaking = level > SPEAKING;
      if (speaking !== !!peer.speaking) { peer.speaking = speaking; drawPeer(peer); }
    });
    var me = myLevel() > SPEAKING / 2;
    if (me !== !!state.speaking) { state.speaking = me; markMySeat(); }
  }, 200);

  // ---- the seats' marks: microphone off, or talking (the table's script may draw a seat anew:
  // marks are put back when the seats' container changes)
  function seatNode(number) {
    if (number === null || number === undefined) return null;
    var node = document.querySelector("#felt [data-seat='" + number + "'], #others [data-seat='" + number + "']");
    return node && (node.querySelector(".plate, .draw-seat-head") || node);
  }
  function mark(node, on, talking, name) {
    if (!node) return;
    var badge = node.querySelector(".voice-mark");
    if (!badge) {
      badge = node.appendChild(el("span", "voice-mark"));
      badge.setAttribute("role", "img");
    }
    badge.classList.toggle("off", !on);
    badge.classList.toggle("talking", talking);
    var label = talking ? t("talking", { name: name }) : on ? t("mic_on_of", { name: name }) : t("mic_off_of", { name: name });
    if (badge.getAttribute("aria-label") !== label) badge.setAttribute("aria-label", label);
    if (badge.textContent !== "\u266A") badge.textContent = "\u266A"; // ♪, struck through while off (table.css)
    node.closest("[data-seat]").classList.toggle("speaking", talking);
  }
  function drawPeer(peer) {
    if (peer.role === "speaker") mark(seatNode(peer.seat), peer.mic, !!peer.speaking, peer.name);
    drawPanel();
  }
  function unmarkSeat(peer) {
    var node = seatNode(peer.seat);
    var badge = node && node.querySelector(".voice-mark");
    if (badge) badge.remove();
    if (node) node.closest("[data-seat]").classList.remove("speaking");
  }
  function markMySeat() {
    if (state.role !== "speaker" || !state.seat) return;
    mark(seatNode(state.seat), state.micLive, !!state.speaking, t("you"));
  }
  function remark() {
    eachPeer(function (peer) { if (peer.role === "speaker") mark(seatNode(peer.seat), peer.mic, !!peer.speaking, peer.name); });
    markMySeat();
  }
  ["felt", "others"].forEach(function (id) {
    if ($(id) && window.MutationObserver) new MutationObserver(remark).observe($(id), { childList: true });
  });

  // ---- the page's controls
  var micButton = $("voice-mic"), camButton = $("voice-cam");
  function say(text) {
    var line = $("voice-said");
    line.textContent = text;
    clearTimeout(say.timer);
    say.timer = setTimeout(function () { line.textContent = ""; }, 5000);
  }
  function setPressed(button, pressed, text) {
    button.setAttribute("aria-pressed", pressed ? "true" : "false");
    button.classList.toggle("live", pressed);
    var label = button.querySelector(".voice-label");
    if (label.textContent !== text) label.textContent = text;
  }
  function draw() {
    var speaker = state.role === "speaker" && state.status === "in";
    // Shown from the page's first layout (its row's height kept while it connects): appearing
    // later, it would push the table down under the action bar after the page scrolled it there.
    box.hidden = state.status === "refused";
    box.classList.toggle("listening", state.role === "listener");
    micButton.hidden = !speaker;
    camButton.hidden = !speaker || !cfg.max_cameras;
    if (state.ptt) setPressed(micButton, state.micLive, state.micLive ? t("talking_now") : t("hold_to_talk"));
    else setPressed(micButton, state.micLive, state.micLive ? t("mic_live") : t("mic_off"));
    setPressed(camButton, state.camLive, state.camLive ? t("cam_live") : t("cam_off"));
    $("voice-ptt").checked = state.ptt;
    $("voice-deaf").checked = state.deaf;
    $("voice-ptt-row").hidden = !speaker;
    $("voice-unlock").hidden = !state.blocked;
    var line = state.status === "replaced" ? t("replaced") : state.status === "lost" ? t("reconnecting")
      : state.role === "listener" ? t("listening") : "";
    $("voice-state").textContent = line;
    markMySeat();
  }

  function drawPanel() {
    var list = $("voice-people");
    if (!list) return;
    var ids = Object.keys(state.peers).sort(function (a, b) { return (state.peers[a].seat || 99) - (state.peers[b].seat || 99); });
    var rows = ids.map(function (id) {
      var peer = state.peers[id];
      var pref = prefOf(peer.user);
      var row = el("li", "voice-person");
      row.dataset.peer = id;
      var name = row.appendChild(el("span", "voice-name", peer.name));
      if (peer.role === "speaker" && !peer.mic) name.appendChild(el("span", "voice-off", " " + t("mic_off_short")));
      if (peer.role === "listener") name.appendChild(el("span", "voice-off", " " + t("listener")));
      if (peer.pc && peer.pc.connectionState !== "connected") name.appendChild(el("span", "voice-off", " " + t("connecting")));
      var mute = row.appendChild(el("button", "button small", pref.muted ? t("unmute") : t("mute")));
      mute.type = "button";
      mute.setAttribute("aria-pressed", pref.muted ? "true" : "false");
      mute.setAttribute("aria-label", t("mute_for_me", { name: peer.name }));
      mute.addEventListener("click", function () {
        people[peer.user] = Object.assign(prefOf(peer.user), { muted: !pref.muted });
        keepPeople();
        eachPeer(applyVolume);
        drawPanel();
      });
      var volume = row.appendChild(el("input"));
      volume.type = "range";
      volume.min = "0";
      volume.max = "1";
      volume.step = "0.1";
      volume.value = String(pref.volume);
      volume.setAttribute("aria-label", t("volume_of", { name: peer.name }));
      volume.addEventListener("change", function () {
        people[peer.user] = Object.assign(prefOf(peer.user), { volume: Number(volume.value) });
        keepPeople();
        eachPeer(applyVolume);
      });
      return row;
    });
    if (!rows.length) rows.push(el("li", "muted", t("nobody")));
    list.replaceChildren.apply(list, rows);
  }

  // The cameras: small tiles, mine first (a mirror), then the others' whose camera is on.
  function drawTiles() {
    var tiles = $("voice-tiles");
    var wanted = [];
    if (state.camLive && state.camTrack) wanted.push({ key: "me", track: state.camTrack, name: t("you"), mine: true });
    eachPeer(function (peer) { if (peer.cam && peer.videoTrack) wanted.push({ key: peer.peer, track: peer.videoTrack, name: peer.name }); });
    var keys = wanted.map(function (w) { return w.key; });
    Array.prototype.slice.call(tiles.children).forEach(function (tile) {
      if (keys.indexOf(tile.dataset.key) < 0) { tile.querySelector("video").srcObject = null; tile.remove(); }
    });
    wanted.forEach(function (w) {
      var tile = tiles.querySelector("[data-key='" + w.key + "']");
      if (!tile) {
        tile = tiles.appendChild(el("figure", "voice-tile" + (w.mine ? " mine" : "")));
        tile.dataset.key = w.key;
        var video = tile.appendChild(el("video"));
        video.muted = true; // the sound is the audio element's
        video.playsInline = true;
        video.autoplay = true;
        video.setAttribute("aria-label", t("camera_of", { name: w.name }));
        tile.appendChild(el("figcaption", "", w.name));
      }
      var node = tile.querySelector("video");
      if (!node.srcObject || node.srcObject.getTracks()[0] !== w.track) { node.srcObject = new MediaStream([w.track]); play(node); }
    });
    tiles.hidden = !wanted.length;
  }

  // The microphone: a toggle, or with push to talk, held to talk (pointer, or Space / Enter).
  micButton.addEventListener("click", function () {
    if (state.ptt) return;
    state.wantMic = !state.micLive;
    keep();
    if (state.wantMic) micOn(); else micOff();
  });
  function talk(on) {
    if (!state.ptt || state.micLive === on) return;
    if (on && !state.micTrack) { takeMic().then(function () { talk(true); }).catch(function () { say(t("mic_denied")); }); return; }
    state.micLive = on;
    giveAll();
  }
  micButton.addEventListener("pointerdown", function (event) {
    if (!state.ptt) return;
    event.preventDefault();
    if (micButton.setPointerCapture) micButton.setPointerCapture(event.pointerId);
    talk(true);
  });
  ["pointerup", "pointercancel", "lostpointercapture"].forEach(function (name) {
    micButton.addEventListener(name, function () { talk(false); });
  });
  micButton.addEventListener("keydown", function (event) {
    if (state.ptt && (event.key === " " || event.key === "Enter")) { event.preventDefault(); talk(true); }
  });
  micButton.addEventListener("keyup", function (event) {
    if (state.ptt && (event.key === " " || event.key === "Enter")) talk(false);
  });
  micButton.addEventListener("contextmenu", function (event) { if (state.ptt) event.preventDefault(); });
  camButton.addEventListener("click", function () { if (state.camLive) camOff(); else camOn(); });
  $("voice-ptt").addEventListener("change", function (event) {
    state.ptt = event.target.checked;
    state.wantMic = false;
    keep();
    micOff();
    if (!state.ptt) releaseMic();
  });
  $("voice-deaf").addEventListener("change", function (event) {
    state.deaf = event.target.checked;
    keep();
    eachPeer(applyVolume);
  });
  $("voice-unlock").addEventListener("click", function () {
    state.blocked = false;
    eachPeer(function (peer) { if (peer.audio) play(peer.audio); });
    Array.prototype.forEach.call(document.querySelectorAll("#voice-tiles video"), play);
    draw();
  });
  $("voice-more").addEventListener("click", function () {
    var panel = $("voice-panel");
    panel.hidden = !panel.hidden;
    $("voice-more").setAttribute("aria-expanded", panel.hidden ? "false" : "true");
  });

  // His seat changed (he sat down, left, was moved): a speaker no more stops his tracks at once,
  // and the page joins the room again as what he is now.
  document.addEventListener("arf:table-view", function (event) {
    var me = event.detail.me;
    var seat = me && me.seat ? me.seat : null;
    var was = state.seat;
    state.seat = seat;
    if (was === undefined || was === seat) { markMySeat(); return; }
    if (!seat) stopTracks();
    if (was === null || !seat) reconnect();
  });
  window.addEventListener("pagehide", function () {
    state.status = "closed";
    var socket = state.socket;
    state.socket = null;
    stopTracks();
    leaveRoom();
    if (socket) socket.close();
  });

  // For the browser tests and bench/voice.py.
  window.arfVoice = {
    state: state,
    peers: function () {
      var out = {};
      eachPeer(function (peer) {
        out[peer.peer] = { user: peer.user, name: peer.name, seat: peer.seat, role: peer.role, mic: peer.mic, cam: peer.cam,
          connection: peer.pc ? peer.pc.connectionState : null, speaking: !!peer.speaking };
      });
      return out;
    },
    // Bytes received from and sent to each peer, by user id: {user: {audioIn, audioOut, videoIn, videoOut}}.
    bytes: function () {
      var ids = Object.keys(state.peers).filter(function (id) { return state.peers[id].pc; });
      return Promise.all(ids.map(function (id) { return state.peers[id].pc.getStats(); })).then(function (reports) {
        var out = {};
        reports.forEach(function (report, k) {
          var sums = { audioIn: 0, audioOut: 0, videoIn: 0, videoOut: 0 };
          report.forEach(function (s) {
            var kind = s.kind || s.mediaType;
            if (s.type === "inbound-rtp") sums[kind + "In"] += s.bytesReceived || 0;
            if (s.type === "outbound-rtp") sums[kind + "Out"] += s.bytesSent || 0;
          });
          out[state.peers[ids[k]].user] = sums;
        });
        return out;
      });
    },
  };

  drawPanel();
  draw();
  connect();
})();
