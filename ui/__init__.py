"""The tablesight command line and the Kivy tablet app (the only package importing kivy)."""
