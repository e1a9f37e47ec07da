"""Camera sources, the dice tower protocol, its client, simulator and firmware."""
