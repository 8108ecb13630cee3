# `make demo` and `make test` do all their set-up into .venv, on a fresh machine.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: demo test bench lint clean

$(BIN)/urikit: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@

demo: $(BIN)/urikit
	$(BIN)/urikit parse 'http://user@[2001:db8::7]:8080/a/b;p?q=1#frag'
	$(BIN)/urikit check examples/sample.txt || true  # exit 1: the sample has invalid lines
	$(BIN)/urikit resolve 'http://a/b/c/d;p?q' g ../g '?y' '#s' ../../../g
	$(BIN)/urikit normalize 'HTTP://www.Example.COM:80/%7euser/./a/../b?%61=%2f#x'
	$(BIN)/urikit extract examples/mail.txt

test: $(BIN)/urikit
	$(BIN)/python -m pytest
	$(BIN)/python -m mypy
	$(BIN)/python -m ruff check src tests benchmarks
	$(BIN)/python -m ruff format --check src tests benchmarks

bench: $(BIN)/urikit
	$(BIN)/python -m pip install --quiet -e '.[bench]'
	$(BIN)/python benchmarks/run.py

clean:
	rm -rf $(VENV) build src/*.egg-info .mypy_cache .pytest_cache .ruff_cache .hypothesis
