from .members import Invitation, Member

__all__ = ["Invitation", "Member"]
