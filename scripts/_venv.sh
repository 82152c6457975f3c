# Sourced by scripts/test and scripts/tenace: create .venv and install Tenace into it when needed.
PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
stamp=.venv/.tenace-installed
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
  .venv/bin/python -m pip install --quiet --upgrade pip
  .venv/bin/python -m pip install --quiet -e '.[all,dev]'
  touch "$stamp"
fi
export PATH="$PWD/.venv/bin:$PATH"
