"""The dice tower: a serial device that tells the host when dice fall through it.

``protocol`` is the wire format (specified in docs/tower.md), ``client`` the host side that
survives a noisy, resetting, unplugged board, ``simulator`` a tower on a pseudo-terminal so that
everything works without hardware. The reference firmware lives in ``firmware/tower/``.
"""
