# TableSight. `make demo` and `make test` create .venv and install what they need.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: demo test test-long venv bench clean ui-deps mutation

# The app tests run the Kivy app on a private Xvfb display: these Debian packages provide it.
# The tower firmware's tests build it with avr-gcc and run it in simavr (docs/tower.md).
UI_DEBS := xvfb xauth libgl1 libgl1-mesa-dri libegl1 libgles2 libmtdev1 \
	gcc-avr avr-libc binutils-avr simavr libsimavr-dev libsimavrparts1 gcc make

$(STAMP): pyproject.toml constraints.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -c constraints.txt -e '.[test,hardware]'
	touch $(STAMP)

venv: $(STAMP)

# the tablet app on the demo table when there is a screen, else the headless camera demo
demo: $(STAMP)
	@if [ -n "$$DISPLAY$$WAYLAND_DISPLAY" ]; then $(VENV)/bin/tablesight app --demo; \
	else echo "no display: running the headless demo (tablesight app needs a screen)"; $(VENV)/bin/tablesight demo; fi

# install Xvfb and the GL libraries for the app tests and the AVR toolchain and simavr for the
# firmware tests; skipped when present, when not root or without apt-get (those tests then skip
# and say why)
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

# the suite runs on TEST_JOBS processes (pytest-xdist), a test file per process at a time so that
# a file's shared fixtures are built once: on 2 cores the serial run took 16-17 minutes
TEST_JOBS ?= 2
# Python's compiled modules are kept (in build/pycache), even where the environment sets
# PYTHONDONTWRITEBYTECODE (the development machine does): each Python subprocess a test starts
# (the console script, bench scripts, a killed run) otherwise compiled every module it imports
# again, 0.4-0.6 s each (~160 of them before the CLI tests ran in process: 906 -> 886 s)
TEST_ENV = PYTHONDONTWRITEBYTECODE= PYTHONPYCACHEPREFIX=$(CURDIR)/build/pycache
test: $(STAMP) ui-deps
	$(TEST_ENV) $(PY) -m pytest -q -n $(TEST_JOBS) --dist loadfile --no-loadscope-reorder

# the same suite with every random game of the rules sweeps and 20x the fuzzing examples
# (tests/scale.py, tests/test_fuzz.py): much longer, never part of `make test`
test-long: $(STAMP) ui-deps
	$(TEST_ENV) TABLESIGHT_FUZZ=long $(PY) -m pytest -q -n $(TEST_JOBS) --dist loadfile --no-loadscope-reorder

# mutation testing with mutmut (never part of `make test`; docs/testing.md): each module in
# pyproject.toml [tool.tablesight.mutation.modules] against its own tests, each bounded by a time
# budget. One module: make mutation MODULES=tracker/stillness.py; budget: MUTATION_MIN=20;
# mutants at once: MUTATION_JOBS=16; each module's survivors with their diffs: MUTATION_REPORT/
MODULES ?=
MUTATION_MIN ?= 30
MUTATION_JOBS ?= $(shell nproc 2>/dev/null || echo 2)
MUTATION_REPORT ?= build/mutation/report
mutation: $(STAMP)
	$(PY) -m pip install --quiet -c constraints.txt -e '.[test,hardware,mutation]'
	$(PY) tests/mutation/run.py --budget-min $(MUTATION_MIN) --jobs $(MUTATION_JOBS) --report-dir $(MUTATION_REPORT) --survivors $(MODULES)

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
	$(TRAIN_PY) -m pip install --quiet -c constraints.txt -e '.[train]' onnx onnxslim
	touch $(TRAIN_STAMP)

.PHONY: train-dice train-octocube

# the dice detector and face classifier (see models/dice.md). On a GPU: make train-dice DICE_DEVICE=0
# (the shipped models took two runs of about 6 and 9 minutes on one H200, see models/dice.md). On CPU the time budgets below bound the run.
# The real train photos are boxed by their top faces from vision/dice/topface_labels (vision/dice/relabel.py).
DICE_DEVICE ?= cpu
DICE_WORKERS ?= 2
DICE_HOURS ?= 2.0
train-dice: $(TRAIN_STAMP)
	nice -n 19 $(TRAIN_PY) vision/dice/train.py data --work build/dice-train --synth 5000 --per-class 2000 --real-repeat 4 --twin-art 0.4
	nice -n 19 $(TRAIN_PY) vision/dice/train.py detector --work build/dice-train --synth 5000 --real-repeat 4 --device $(DICE_DEVICE) --workers $(DICE_WORKERS) --det-batch 64 --det-epochs 400 --det-hours $(DICE_HOURS)
	nice -n 19 $(TRAIN_PY) vision/dice/train.py classifier --work build/dice-train --per-class 2000 --twin-art 0.4 --device $(DICE_DEVICE) --workers $(DICE_WORKERS) --cls-batch 256 --cls-epochs 200 --cls-hours $(DICE_HOURS)
	$(TRAIN_PY) vision/dice/train.py export --work build/dice-train

# the Octocube tile, cube and abyss-letter classifiers, from renders (about 2 hours on 2 cores; see models/octocube_models.md)
train-octocube: $(STAMP) $(TRAIN_STAMP)
	for k in 0 1; do nice -n 19 $(PY) -m vision.octocube.make_dataset --out build/octocube_ds/train_$$k.npz --start $$((k*150)) --count 150; done
	nice -n 19 $(PY) -m vision.octocube.make_dataset --out build/octocube_ds/rich_0.npz --start 1000 --count 120 --rich
	nice -n 19 $(TRAIN_PY) -m vision.octocube.train --data build/octocube_ds --out models --epochs 8 --legacy-classes
	for k in 0 1; do nice -n 19 $(PY) -m vision.octocube.make_dataset --out build/letters/train_$$k.npz --start $$((20000 + k*400)) --count 400 --rich --only letters --resolutions 1280x720,1600x900,1920x1080,1440x810; done
	nice -n 19 $(PY) -m vision.octocube.make_dataset --split tune --out build/letters_val/tune.npz --start 8000 --count 150 --rich --only letters --resolutions 1280x720,1920x1080,1600x900
	nice -n 19 $(TRAIN_PY) -m vision.octocube.train_letters --data build/letters --val build/letters_val --out models --epochs 25

# ---- the dice tower's reference firmware (docs/tower.md) ----------------------------------------
# make firmware: build/firmware/tower.hex for an ATmega328P (flash it with avrdude, see docs/tower.md)
# make firmware-test: run that image in simavr with the test harness (firmware/tower/test/harness.c)
# Both install the Debian packages they need when missing and root; otherwise they say what to install.
FIRMWARE_DEBS := gcc-avr avr-libc binutils-avr
SIMAVR_DEBS := simavr libsimavr-dev libsimavrparts1
.PHONY: firmware firmware-test firmware-deps simavr-deps

define need_debs
	@missing=""; for p in $(1); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -z "$$missing" ]; then exit 0; fi; \
	if [ "$$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then \
		echo "$(2) needs the Debian packages$$missing: sudo apt-get install$$missing"; exit 1; fi; \
	echo "installing$$missing for $(2)"; \
	apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing
endef

firmware-deps:
	$(call need_debs,$(FIRMWARE_DEBS),make firmware)

simavr-deps:
	$(call need_debs,$(SIMAVR_DEBS),make firmware-test)

firmware: firmware-deps
	$(MAKE) -C firmware/tower all

firmware-test: firmware-deps simavr-deps
	nice $(MAKE) -C firmware/tower test
