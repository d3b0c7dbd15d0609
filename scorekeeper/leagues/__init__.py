"""Leagues: members with roles, invitations, players, seasons, standings and ratings."""
