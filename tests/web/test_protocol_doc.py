"""The worked example of docs/protocol.md runs as written and prints what the docs say."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

DOC = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"


def test_the_worked_example_prints_what_the_docs_show() -> None:
    text = DOC.read_text()
    code = re.search(r"## A worked example.*?```python\n(.*?)```", text, re.S)
    shown = re.search(r"It prints the result line.*?```text\n(.*?)```", text, re.S)
    assert code is not None and shown is not None
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    run = subprocess.run([sys.executable, "-c", code.group(1)], capture_output=True, text=True, timeout=120, env=env)
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stdout == shown.group(1)
