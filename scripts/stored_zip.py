"""A zip whose bytes depend only on the files in it: entries sorted by name, stored (not deflated: the host
compresses the whole file, far smaller than deflating each entry, and a stored entry is read without
inflating it), with a fixed time and mode. scripts/modules.mjs and scripts/snapshot.mjs pack their zips with
it, inside Pyodide, which has this checkout mounted at /repo (so /repo/scripts is put on sys.path)."""

from __future__ import annotations

import io
import zipfile


def pack(files: dict[str, bytes]) -> bytes:
    """The zip of ``files`` (name in the zip -> bytes), the same bytes for the same files."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as made:
        for name in sorted(files):
            entry = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            entry.external_attr = 0o644 << 16
            made.writestr(entry, files[name])
    return out.getvalue()
