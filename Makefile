# TableSight. `make demo` and `make test` create .venv and install what they need.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: demo test venv bench clean

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test,hardware]'
	touch $(STAMP)

venv: $(STAMP)

demo: $(STAMP)
	$(VENV)/bin/tablesight demo

test: $(STAMP)
	$(PY) -m pytest -q

bench: $(STAMP)
	$(PY) bench/rules_speed.py

clean:
	rm -rf $(VENV) build *.egg-info

# Retrain the dice models from scratch (CPU, about 2.5 hours on 2 shared cores); needs the training
# venv: python3 -m venv /work/venv-train && /work/venv-train/bin/pip install -e '.[train]' onnx onnxslim
TRAIN_PY ?= /work/venv-train/bin/python
.PHONY: train-dice
train-dice:
	OMP_NUM_THREADS=1 nice -n 19 $(TRAIN_PY) vision/dice/train.py detector --work /tmp/dice-train --threads 1 --synth 900 --det-hours 1.5
	OMP_NUM_THREADS=1 nice -n 19 $(TRAIN_PY) vision/dice/train.py classifier --work /tmp/dice-train --threads 1 --per-class 220 --cls-hours 1.0 --cls-epochs 30
