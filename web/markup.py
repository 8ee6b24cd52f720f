"""Text made safe inside HTML: plain Python, for the page's modules that write markup (and their tests)."""

_ESCAPES = {ord("&"): "&amp;", ord("<"): "&lt;", ord(">"): "&gt;", ord('"'): "&quot;", ord("'"): "&#x27;"}


def escape(text: str) -> str:
    """Text made safe inside HTML (``html.escape``, without importing the html package at boot)."""
    return text.translate(_ESCAPES)
