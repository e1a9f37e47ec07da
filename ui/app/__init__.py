"""The TableSight tablet app (Kivy). Only this package and ui/commands/app.py import kivy, and
only ui/app/main.py does so at import time."""
