"""Every example in the README and docs/ runs, and what it shows is what the command prints.

Fenced blocks are read by their info string:

- ``console``: ``$ `` lines are commands (a trailing ``\\`` continues a line); the lines after a
  command are what it prints, in order, with ``...`` for lines left out. Every shown line must
  appear in the output (stdout and stderr) in that order. A command exits 0 unless what it shows
  is an ``Error:`` line.
- ``sh``: every line is a command that must exit 0 (``#`` comments skipped). ``sh install``
  blocks (the set-up commands, which need a network) are checked by tests/test_readme.py instead.
- ``toml``: a paytable file; its first line ``# NAME.toml ...`` names it. It is written into the
  document's folder before the document's commands run.
- ``python``: run with the document's folder as the working folder.
- ``text`` and others: not run (synopses, schemas).

A block whose info string holds ``slow`` runs only under ``-m slow``; one holding
``needs-MODULE`` (``needs-matplotlib``: an optional extra) only where that module is installed. Each document runs in a
folder of its own, blocks in order, so an example may use a file an earlier one wrote.
docs/library.md and docs/settlement.md have tests of their own and are left out here.

Commands that are plain ``odds ...`` invocations run in this process (fast); anything with a
pipe, a redirection or another program runs in bash with this interpreter's ``odds`` first on
the PATH.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner

from odds.cli import cli

ROOT = Path(__file__).resolve().parents[1]
OWN_TESTS = {"library.md", "settlement.md"}
DOCUMENTS = [ROOT / "README.md"] + sorted(p for p in (ROOT / "docs").glob("*.md") if p.name not in OWN_TESTS)
FENCE = re.compile(r"^```([^\n`]*)\n(.*?)^```[ \t]*$", re.S | re.M)
SHELL = set("|<>;&$`(){}*?")


@dataclass
class Block:
    doc: Path
    line: int
    kind: str
    flags: set
    body: str

    @property
    def where(self) -> str:
        name = self.doc.relative_to(ROOT) if ROOT in self.doc.parents else self.doc.name
        return f"{name}:{self.line}"


def blocks(doc: Path) -> list[Block]:
    text = doc.read_text(encoding="utf-8")
    out = []
    for match in FENCE.finditer(text):
        info = match.group(1).split()
        line = text.count("\n", 0, match.start()) + 1
        out.append(Block(doc, line, info[0] if info else "", set(info[1:]), match.group(2)))
    return out


def joined(lines: list[str]) -> list[str]:
    """Lines with a trailing backslash joined to the next."""
    out, pending = [], ""
    for line in lines:
        if line.rstrip().endswith("\\"):
            pending += line.rstrip()[:-1] + " "
            continue
        out.append(pending + line)
        pending = ""
    if pending:
        out.append(pending)
    return out


def run_command(command: str, folder: Path) -> tuple[int, str]:
    """Run one example command in ``folder``: (exit code, stdout + stderr)."""
    words = shlex.split(command)
    if words and words[0] == "odds" and not (set(command) & SHELL):
        cwd = os.getcwd()
        os.chdir(folder)
        try:
            result = CliRunner().invoke(cli, words[1:])
        finally:
            os.chdir(cwd)
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            raise result.exception
        return result.exit_code, result.output
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    proc = subprocess.run(["bash", "-c", command], cwd=folder, env=env, capture_output=True, text=True, timeout=300)
    return proc.returncode, proc.stdout + proc.stderr


def check_shown(shown: list[str], output: str, where: str, command: str) -> None:
    """Every shown line (``...`` skips any number) appears in ``output``, in order."""
    actual = [line.rstrip() for line in output.splitlines()]
    at = 0
    for want in (line.rstrip() for line in shown):
        if want in ("...", ""):
            continue
        try:
            at = actual.index(want, at) + 1
        except ValueError:
            raise AssertionError(
                f"{where}: `{command}` did not print\n  {want!r}\nit printed:\n" + "\n".join(actual[:80])
            ) from None


def run_block(block: Block, folder: Path) -> None:
    if block.kind == "toml":
        first = block.body.splitlines()[0]
        name = re.match(r"#\s*(\S+\.toml)", first)
        assert name, f"{block.where}: a toml example starts with '# NAME.toml'"
        (folder / name.group(1)).write_text(block.body, encoding="utf-8")
    elif block.kind == "python":
        cwd = os.getcwd()
        os.chdir(folder)
        try:
            exec(compile(block.body, block.where, "exec"), {"__name__": "__doc_example__"})
        finally:
            os.chdir(cwd)
    elif block.kind == "sh" and "install" not in block.flags:
        for command in joined(block.body.splitlines()):
            if command.strip() and not command.lstrip().startswith("#"):
                code, output = run_command(command, folder)
                assert code == 0, f"{block.where}: `{command}` exited {code}:\n{output[-2000:]}"
    elif block.kind == "console":
        commands: list[tuple[str, list[str]]] = []
        for line in joined(block.body.splitlines()):
            if line.startswith("$ "):
                commands.append((line[2:], []))
            elif commands:
                commands[-1][1].append(line)
        assert commands, f"{block.where}: a console example needs a '$ ' command"
        for command, shown in commands:
            code, output = run_command(command, folder)
            error = any(s.startswith("Error:") for s in shown)
            assert (code != 0) if error else (code == 0), f"{block.where}: `{command}` exited {code}:\n{output[-2000:]}"
            check_shown(shown, output, block.where, command)


def run_document(doc: Path, folder: Path, slow: bool) -> int:
    ran = 0
    for block in blocks(doc):
        if ("slow" in block.flags) != slow and block.kind != "toml":
            continue
        needs = [f.removeprefix("needs-") for f in block.flags if f.startswith("needs-")]
        if any(importlib.util.find_spec(module) is None for module in needs):
            continue  # an optional extra the README's test command does not install
        run_block(block, folder)
        ran += block.kind in RUNNABLE
    return ran


@pytest.mark.parametrize("doc", DOCUMENTS, ids=[str(d.relative_to(ROOT)) for d in DOCUMENTS])
def test_every_example_runs(doc, tmp_path):
    run_document(doc, tmp_path, slow=False)


@pytest.mark.slow
@pytest.mark.parametrize("doc", DOCUMENTS, ids=[str(d.relative_to(ROOT)) for d in DOCUMENTS])
def test_every_slow_example_runs(doc, tmp_path, export_once):
    """export_once: `odds export` and its `--check` (export.md) run their whole logic, on files
    computed once per run (tests/conftest.py) rather than twice in this test (21 s in CI)."""
    run_document(doc, tmp_path, slow=True)


RUNNABLE = ("console", "sh", "python")


def test_every_page_runs_an_example_by_default():
    """Each page of docs/ (and the README) has an example the default run checks: a page whose
    examples are all text, or all slow, proves nothing about the commands it describes. The pages
    with tests of their own are held to the same."""
    for doc in [ROOT / "README.md"] + sorted((ROOT / "docs").glob("*.md")):
        runnable = [
            b for b in blocks(doc) if b.kind in RUNNABLE and not b.flags & {"slow", "install"} and b.body.strip()
        ]
        assert runnable, f"{doc.name}: add an example (```console, ```sh or ```python) the default run checks"


def test_the_checker_can_fail(tmp_path):
    """A shown line the command does not print, or out of order, fails."""
    with pytest.raises(AssertionError, match="did not print"):
        check_shown(["b", "a"], "a\nb\n", "here", "cmd")
    doc = tmp_path / "x.md"
    doc.write_text("```console\n$ odds sheet bacarat\n```\n")
    with pytest.raises(AssertionError, match="exited 1"):
        run_document(doc, tmp_path, slow=False)


def test_examples_are_fenced_and_tagged():
    """No indented code block hides an example from the runner, and every fence says what it is."""
    for doc in DOCUMENTS:
        text = doc.read_text(encoding="utf-8")
        outside = FENCE.sub("", text)
        indented = [line for line in outside.splitlines() if re.match(r"^( {4}|\t)\$? ?odds ", line)]
        assert not indented, (doc.name, indented[:3])
        for block in blocks(doc):
            assert block.kind, f"{block.where}: give the fence an info string (console, sh, toml, text ...)"


def test_docs_point_only_inside_the_repository():
    for doc in [ROOT / "README.md"] + sorted((ROOT / "docs").glob("*.md")):
        text = doc.read_text(encoding="utf-8")
        assert "../shared" not in text and "shared/RULES" not in text, doc.name
        for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", text):
            if re.match(r"[a-z]+://", target):
                continue  # a web address is a citation, not a file
            path = (doc.parent / target).resolve()
            if path.name in OWN_TESTS and not path.exists():
                continue  # written on another branch (the library and settlement docs)
            assert path.exists() and ROOT in path.parents, (doc.name, target)


# -- the command reference against --help --------------------------------------------------------

COMMANDS_DOC = ROOT / "docs" / "commands.md"


def sections() -> dict[str, str]:
    text = COMMANDS_DOC.read_text(encoding="utf-8")
    parts = re.split(r"^## `odds ([a-z-]+)`\s*$", text, flags=re.M)
    return {parts[i]: parts[i + 1] for i in range(1, len(parts), 2)}


def test_every_command_has_a_section():
    assert set(sections()) == set(cli.commands)


@pytest.mark.parametrize("name", sorted(cli.commands))
def test_command_reference_matches_help(name):
    """The section's option table lists exactly the command's options; its synopsis names them
    all, with the formats the command writes."""
    section = sections()[name]
    command = cli.commands[name]
    options = {opt for p in command.params if p.param_type_name == "option" for opt in p.opts if opt.startswith("--")}
    table = set(re.findall(r"^\| `(--[a-z-]+)", section, flags=re.M))
    assert table == options, (name, sorted(table ^ options))
    synopsis = re.search(r"```text\n(odds .*?)```", section, re.S)
    assert synopsis, f"{name}: a ```text synopsis"
    named = set(re.findall(r"(--[a-z-]+)", synopsis.group(1)))
    old_names = {opt for p in command.params if "old name" in (getattr(p, "help", "") or "") for opt in p.opts}
    assert named == options - old_names, (name, sorted(named ^ (options - old_names)))
    arguments = [p.human_readable_name for p in command.params if p.param_type_name == "argument"]
    assert synopsis.group(1).split()[2 : 2 + len(arguments)] == arguments, name
    fmt = [p for p in command.params if p.name == "fmt"]
    if fmt:
        assert f"--format {'|'.join(fmt[0].type.choices)}" in " ".join(synopsis.group(1).split()), name
    help_text = CliRunner().invoke(cli, [name, "--help"]).output
    summary = " ".join(command.help.split("\n\n")[0].split())
    assert " ".join(summary.split()[:4]) in " ".join(help_text.split()), name
