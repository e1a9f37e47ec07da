"""The screens' .kv files (a package so that they ship with the app)."""
