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


def render_verify(report, fmt: str) -> str:
    """What ``odds verify`` found (:class:`odds.design.mismatch.VerifyReport`): a summary, then
    each cause once with how many mismatches and items it has and its first example (text,
    Markdown); CSV every mismatch, a row each; JSON both."""
    from . import records, to_json, wrap

    causes = report.causes()
    if fmt == "json":
        return to_json(
            {
                "file": report.path,
                "items": report.what,
                "checked": report.count,
                "figures": report.figures,
                "passed": report.passed,
                "mismatches": len(report.mismatches),
                "with_mismatches": report.items_with_mismatches,
                "causes": [
                    {"cause": c.cause, "count": c.count, report.what: c.items, "example": c.example} for c in causes
                ],
                "every_mismatch": [
                    {"item": m.item, "id": m.item_id, "cause": m.cause, "text": str(m)} for m in report.mismatches
                ],
            }
        )
    if fmt == "csv":
        rows = [{"item": m.item, "id": m.item_id, "cause": m.cause, "text": str(m)} for m in report.mismatches]
        return records(rows, "csv") if rows else "item,id,cause,text\n"
    md = fmt == "md"
    one = report.what[:-1]
    summary = f"{report.path}: {report.count:,} {report.what}, {report.figures:,} figures checked: " + (
        "all match"
        if report.passed
        else f"{len(report.mismatches):,} mismatch{'es' if len(report.mismatches) != 1 else ''} in "
        f"{report.items_with_mismatches:,} {one if report.items_with_mismatches == 1 else report.what}, "
        f"{len(causes)} cause{'s' if len(causes) != 1 else ''}"
    )
    out = [f"# {summary}" if md else wrap(summary)]
    for c in causes:
        head = (
            f"{c.cause} ({c.count:,} mismatch{'es' if c.count != 1 else ''} in {c.items:,} "
            f"{one if c.items == 1 else report.what})"
        )
        # an example that is the cause said of one round names only the round (a 600-character
        # cause is not printed twice)
        example = c.example[: -len(c.cause)].rstrip(": ") if c.example.endswith(c.cause) else c.example
        if md:
            out += ["", f"## {head}", "", f"e.g. {example}"]
        else:
            out += ["", wrap(head), wrap(f"e.g. {example}", indent="  ", hang="    ")]
    return "\n".join(out) + "\n"
