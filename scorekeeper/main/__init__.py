"""The home page, health check, favicon and language switch."""
