"""The worker of docker-compose: fires the tables' deadlines even when no page is open."""

import asyncio
import signal

from django.core.management.base import BaseCommand

from arf import heapdump
from poker.tables.clock import run_deadlines


class Command(BaseCommand):
    help = "Fire the tables' deadlines (action timers, run-outs, next hands) until stopped."

    def handle(self, *args, **options):
        heapdump.listen_from_environment("worker")  # off unless ARF_TRACEMALLOC is set

        async def main():
            stop = asyncio.Event()
            loop = asyncio.get_running_loop()
            for sig in (signal.SIGINT, signal.SIGTERM):
                loop.add_signal_handler(sig, stop.set)
            await run_deadlines(stop)

        self.stdout.write("Firing deadlines (Ctrl-C to stop).")
        asyncio.run(main())
