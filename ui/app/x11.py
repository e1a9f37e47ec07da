"""Give the app's window the X screen's default visual.

SDL asks for an alpha channel, and on an X server that offers 32-bit ARGB visuals (Xvfb at depth
24, many desktops) it picks one. The window needs no alpha: the app is opaque. With an ARGB
visual every buffer swap of a software OpenGL (Mesa llvmpipe under Xvfb, or a machine without a
GPU driver) takes a slow conversion path: 62 ms p99 at 1280x800 against 22 ms with the default
visual, measured by bench/ui_responsiveness.py. ``SDL_VIDEO_X11_VISUALID`` tells SDL which
visual to use; it is read when the window opens, so call this before Kivy creates it.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os


def default_visual_id(display: str) -> int | None:
    """The default visual of ``display``'s default screen, or None when it cannot be asked
    (no libX11, no server)."""
    path = ctypes.util.find_library("X11")
    if path is None:
        return None
    try:
        x11 = ctypes.CDLL(path)
    except OSError:
        return None
    x11.XOpenDisplay.restype = ctypes.c_void_p
    x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
    x11.XDefaultScreen.argtypes = [ctypes.c_void_p]
    x11.XDefaultVisual.restype = ctypes.c_void_p
    x11.XDefaultVisual.argtypes = [ctypes.c_void_p, ctypes.c_int]
    x11.XVisualIDFromVisual.restype = ctypes.c_ulong
    x11.XVisualIDFromVisual.argtypes = [ctypes.c_void_p]
    x11.XCloseDisplay.argtypes = [ctypes.c_void_p]
    handle = x11.XOpenDisplay(display.encode())
    if not handle:
        return None
    try:
        visual = x11.XDefaultVisual(handle, x11.XDefaultScreen(handle))
        return int(x11.XVisualIDFromVisual(visual)) if visual else None
    finally:
        x11.XCloseDisplay(handle)


def prefer_default_visual() -> int | None:
    """Set ``SDL_VIDEO_X11_VISUALID`` to the default visual of ``$DISPLAY`` unless it is set
    already (a user's choice wins). Returns the visual id used, or None (not X11, or unknown)."""
    if os.environ.get("SDL_VIDEO_X11_VISUALID"):
        return int(os.environ["SDL_VIDEO_X11_VISUALID"], 0)
    display = os.environ.get("DISPLAY")
    if not display or os.environ.get("WAYLAND_DISPLAY"):
        return None
    visual = default_visual_id(display)
    if visual is not None:
        os.environ["SDL_VIDEO_X11_VISUALID"] = hex(visual)
    return visual
