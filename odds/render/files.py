"""The messages of the commands that write or check files (``export``, ``vectors``, ``verify``):
one line each, on stderr, so stdout stays data."""

from __future__ import annotations


def export_checked(root, files: int) -> str:
    return f"{root}: {files} files up to date"


def export_stale(root, stale: int) -> str:
    return f"{root} is stale: {stale} file(s) differ; run `odds export --out {root}`"


def export_written(root, files: int, manifest: str, changed: int) -> str:
    return f"{root}: {files} files and the manifest {manifest} ({changed} changed)"


def vectors_written(path, text: str) -> str:
    return f"{path}: {text.count(chr(10)):,} lines written"


def verify_failed(path, problems: int, vectors: int, what: str = "vector(s)") -> str:
    """``what``: ``vector(s)`` or ``round(s)`` (a settlement file)."""
    return f"{path}: {problems} mismatch(es) in {vectors} {what}"


def verify_passed(path, vectors: int, figures: int, what: str = "vector(s)") -> str:
    return f"{path}: {vectors} {what.replace('(s)', 's')}, {figures:,} figures, all match"
