"""Recognisers, and the synthetic table renderer (the digital twin)."""
