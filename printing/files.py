"""Files a page is written to: safe page file names, atomic writes (a reader or a
crash sees the old file or the new one, never a part), the temporary files of
killed writers, and the preview PNG of a page."""

from __future__ import annotations

import os
from pathlib import Path

from PIL import Image


def page_path(folder: str | os.PathLike, name: str, suffix: str = ".png") -> Path:
    """``folder/<name><suffix>`` with ``name`` made a plain file name: a page's name
    comes from the game's name in a journal or record (someone else's file), so path
    separators, ``..``, NUL and control characters become ``_`` and it is cut to 120
    characters; the result is always directly inside ``folder``."""
    safe = "".join("_" if (c in '/\\:' or ord(c) < 32 or c == "\x7f") else c for c in str(name))
    safe = safe.strip().lstrip(".")[:120] or "page"
    return Path(folder) / f"{safe}{suffix}"


def _tmp_path(path: Path) -> Path:
    """``.<name>.<pid>.tmp`` beside ``path``: same folder (``os.replace`` stays one
    rename on one file system), hidden, and naming its writer for
    :func:`remove_stale_tmp`."""
    return path.with_name(f".{path.name}.{os.getpid()}.tmp")


def atomic_write(path: str | os.PathLike, data: bytes, fsync: bool = True) -> Path:
    """Write ``data`` to ``path`` so that a reader (or a crash) sees the old file or
    the new one, never a part: a temporary file in the same folder, fsync, then
    ``os.replace`` (and a folder fsync). A failed write (disk full) removes its
    temporary file and raises the OSError, naming ``path`` (the file the user asked
    for, never the temporary one)."""
    p = Path(path)
    tmp = _tmp_path(p)
    try:
        with open(tmp, "wb") as fh:
            fh.write(data)
            if fsync:
                fh.flush()
                os.fsync(fh.fileno())
        os.replace(tmp, p)
    except OSError as exc:
        try:
            tmp.unlink(missing_ok=True)
        except OSError:
            pass
        if exc.filename is not None and str(exc.filename) == str(tmp):
            raise type(exc)(exc.errno, exc.strerror, str(p)) from None
        raise
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    if fsync:
        fd = os.open(p.parent, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
    return p


def _pid_alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # another user's process: alive
        return True
    return True


def remove_stale_tmp(folder: str | os.PathLike) -> list[str]:
    """Delete the ``.<name>.<pid>.tmp`` files (of :func:`atomic_write`) in ``folder``
    whose process is gone: a write killed before its ``os.replace``, whose target is
    intact. Returns the names removed; never raises."""
    gone: list[str] = []
    try:
        names = os.listdir(folder)
    except OSError:
        return gone
    for name in names:
        if not (name.startswith(".") and name.endswith(".tmp")):
            continue
        pid = name[:-4].rsplit(".", 1)[-1]
        if pid.isdigit() and _pid_alive(int(pid)):
            continue
        try:
            os.unlink(os.path.join(folder, name))
            gone.append(name)
        except OSError:
            pass
    return sorted(gone)


def png_bytes(img: Image.Image) -> bytes:
    import io

    buf = io.BytesIO()
    img.save(buf, format="PNG")
    return buf.getvalue()


def save_preview(img: Image.Image, path: str | os.PathLike) -> Path:
    """Write the page raster as a 1-bit PNG atomically (:func:`atomic_write`): the
    very pixels sent. Stale temporary files of killed writers in that folder are
    removed first."""
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    remove_stale_tmp(p.parent)
    return atomic_write(p, png_bytes(img), fsync=False)
