"""Accounts: sign up, log in, log out, change password (Flask-Login, no e-mail)."""
