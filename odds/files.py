"""Writing files so that nothing is ever half written: every file ``odds`` writes goes to a
temporary file in the same folder, then :func:`os.replace` puts it in place in one step. A run
that is interrupted at any moment, or two runs at once, leave each file either as it was or
as the run wrote it, whole.

An I/O failure (a missing or read-only folder, a full disk, a path that is a device or a folder)
is one :class:`FileWriteError` line naming the path, never a traceback.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> write_text(folder / "a.txt", "hello\\n")
>>> (folder / "a.txt").read_text()
'hello\\n'
>>> sorted(p.name for p in folder.iterdir())  # no temporary file is left behind
['a.txt']
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from collections.abc import Iterator

from .errors import OddsError, shown


class FileWriteError(OddsError):
    """A file that cannot be written (or read back for reading limits)."""


def _reason(exc: OSError) -> str:
    return exc.strerror or exc.__class__.__name__


def _name(path) -> str:
    """A path for a message: as it is, or shortened when absurdly long."""
    text = os.fspath(path) if not isinstance(path, bytes) else os.fsdecode(path)
    return text if len(text) <= 200 else shown(text, 200)


def usable(path: str | os.PathLike, what: str = "") -> Path:
    """``path`` as a :class:`Path`, or one line when no file system could take it: a NUL
    character, a name over 255 bytes or a path over 4,095 (the OS would raise ValueError or
    "File name too long" from the first stat)."""
    text = os.fspath(path)
    label = f"{what} {_name(text)}" if what else _name(text)
    if "\x00" in text:
        raise FileWriteError(f"{label}: a path cannot hold a NUL character")
    if len(os.fsencode(text)) > 4095 or any(len(os.fsencode(part)) > 255 for part in Path(text).parts):
        raise FileWriteError(f"{label}: the path is too long for the file system")
    return Path(text)


def target(path: str | os.PathLike, what: str = "") -> Path:
    """The real path to write: refuses a folder, a device or any other non-regular file (writing
    ``/dev/null`` by rename would replace the device), and a missing folder. A symbolic link to a
    regular file is followed, so the file it points to is replaced, not the link."""
    path = usable(path, what)
    label = f"{what} {_name(path)}" if what else _name(path)
    if path.is_symlink():
        path = Path(os.path.realpath(path))
    if path.exists() and not path.is_file():
        kind = "a folder" if path.is_dir() else "not a regular file"
        raise FileWriteError(f"{label}: cannot write it: it is {kind}")
    folder = path.parent
    if not folder.is_dir():
        raise FileWriteError(f"{label}: cannot write it: there is no folder {folder}")
    return path


@contextlib.contextmanager
def replacing(path: str | os.PathLike, what: str = "") -> Iterator[Path]:
    """Yield a temporary path beside ``path`` (same suffix) to write; on success it replaces
    ``path`` in one step, on any failure it is removed and ``path`` is left as it was."""
    final = target(path, what)
    label = f"{what} {_name(path)}" if what else _name(path)
    import tempfile  # here, not at the top: most commands write no file (start-up time, issue 21)

    try:
        fd, temp = tempfile.mkstemp(dir=final.parent, prefix=f".{final.name}.", suffix=f".tmp{final.suffix}")
    except OSError as exc:
        raise FileWriteError(f"{label}: cannot write it: {_reason(exc)}") from None
    try:
        os.close(fd)
        os.chmod(temp, 0o666 & ~_umask())  # as an ordinary new file would be, not mkstemp's 0600
        yield Path(temp)
        os.replace(temp, final)
    except OSError as exc:
        raise FileWriteError(f"{label}: cannot write it: {_reason(exc)}") from None
    finally:
        with contextlib.suppress(OSError):
            os.unlink(temp)  # gone already when the replace succeeded


def write_bytes(path: str | os.PathLike, data: bytes, what: str = "") -> None:
    """Write ``data`` to ``path`` whole or not at all (see the module docstring)."""
    with replacing(path, what) as temp:
        with open(temp, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())


def write_text(path: str | os.PathLike, text: str, what: str = "") -> None:
    """Write UTF-8 ``text`` to ``path`` whole or not at all."""
    write_bytes(path, text.encode("utf-8"), what)


def read_limited(path: str | os.PathLike, limit: int, what: str) -> bytes:
    """The bytes of a file, refusing one bigger than ``limit`` (``/dev/zero`` and ``/dev/urandom``
    never end) and any I/O failure, each as one :class:`OddsError` line."""
    path = usable(path)
    try:
        with open(path, "rb") as stream:
            data = stream.read(limit + 1)
    except OSError as exc:
        raise OddsError(f"{_name(path)}: cannot read the {what}: {_reason(exc)}") from None
    if len(data) > limit:
        raise OddsError(f"{_name(path)}: the {what} is bigger than {limit >> 20} MiB: is it the right file?")
    return data


def decode_text(data: bytes, path, what: str) -> str:
    """UTF-8 text of a file's bytes, or one line saying where it is not UTF-8."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise OddsError(
            f"{_name(path)}: the {what} is not UTF-8 text (byte {exc.start} is {data[exc.start]:#04x})"
        ) from None


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask
