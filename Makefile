# TableSight. `make demo` and `make test` create .venv and install what they need.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: demo test venv bench clean ui-deps

# The app tests run the Kivy app on a private Xvfb display: these Debian packages provide it.
UI_DEBS := xvfb xauth libgl1 libgl1-mesa-dri libegl1 libgles2 libmtdev1

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test,hardware]'
	touch $(STAMP)

venv: $(STAMP)

# the tablet app on the demo table when there is a screen, else the headless camera demo
demo: $(STAMP)
	@if [ -n "$$DISPLAY$$WAYLAND_DISPLAY" ]; then $(VENV)/bin/tablesight app --demo; \
	else echo "no display: running the headless demo (tablesight app needs a screen)"; $(VENV)/bin/tablesight demo; fi

# install Xvfb and the GL libraries for the app tests; skipped when present, when not root or
# without apt-get (the app tests then skip and say why)
ui-deps:
	@if command -v dpkg >/dev/null 2>&1; then \
		missing=""; for p in $(UI_DEBS); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	else missing=$$(command -v Xvfb >/dev/null 2>&1 || echo " xvfb"); fi; \
	if [ -z "$$missing" ]; then exit 0; fi; \
	if [ "$$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then \
		echo "note: not installing$$missing (needs root and apt-get); the app tests will skip"; exit 0; fi; \
	echo "installing$$missing for the app tests"; \
	(apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing) \
		|| echo "note: apt-get could not install$$missing; the app tests will skip"

test: $(STAMP) ui-deps
	$(PY) -m pytest -q

bench: $(STAMP)
	$(PY) bench/rules_speed.py
	$(PY) bench/render_speed.py

clean:
	rm -rf $(VENV) build *.egg-info

# ---- retraining the ONNX models (training only: ultralytics/torch live in their own venv)
TRAIN_VENV := .venv-train
TRAIN_PY := $(TRAIN_VENV)/bin/python
TRAIN_STAMP := $(TRAIN_VENV)/.installed

$(TRAIN_STAMP): pyproject.toml
	test -x $(TRAIN_PY) || $(PYTHON) -m venv $(TRAIN_VENV)
	$(TRAIN_PY) -m pip install --quiet -e '.[train]' onnx onnxslim
	touch $(TRAIN_STAMP)

.PHONY: train-dice train-octocube

# the dice detector and face classifier (CPU: about 2.5 hours on 2 cores; see models/dice.md)
train-dice: $(TRAIN_STAMP)
	OMP_NUM_THREADS=1 nice -n 19 $(TRAIN_PY) vision/dice/train.py detector --work build/dice-train --threads 1 --synth 900 --det-hours 1.5
	OMP_NUM_THREADS=1 nice -n 19 $(TRAIN_PY) vision/dice/train.py classifier --work build/dice-train --threads 1 --per-class 220 --cls-hours 1.0 --cls-epochs 30

# the Octocube tile and cube classifiers, from renders (about 70 minutes; see models/octocube_models.md)
train-octocube: $(STAMP) $(TRAIN_STAMP)
	for k in 0 1; do nice -n 19 $(PY) -m vision.octocube.make_dataset --out build/octocube_ds/train_$$k.npz --start $$((k*150)) --count 150; done
	nice -n 19 $(PY) -m vision.octocube.make_dataset --out build/octocube_ds/rich_0.npz --start 1000 --count 120 --rich
	nice -n 19 $(TRAIN_PY) -m vision.octocube.train --data build/octocube_ds --out models --epochs 8 --legacy-classes
