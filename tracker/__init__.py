"""Observation to move inference, and the append-only event log."""
