#!/usr/bin/env bash
# Retrain both dice models on one GPU within a wall-clock budget (issue 21; models/dice.md).
#
#   OUT=/some/dir bash vision/dice/gpu_retrain.sh [BUDGET_SECONDS]      (default 380: about 7 minutes in all)
#
# Run from the repository root on a machine whose python3 has torch, ultralytics, opencv,
# onnxruntime and numpy (onnx + onnxslim too for the ONNX export; without them the .pt files
# still come back and `python vision/dice/train.py export` turns them into ONNX elsewhere).
# Both models CONTINUE from the shipped ONNX files (their .pt checkpoints were never kept:
# vision/dice/onnx_init.py copies the ONNX weights into fresh ultralytics models), the
# classifier gaining the "cocked" class. Budget shares: 20 % drawing data (detector scenes and
# classifier crops at once, half the cores each), 55 % training (detector and classifier at
# once on the one GPU, each with its own time limit), the rest export and a smoke read.
# Env: OUT (results), WORK (scratch, default /tmp/dice-retrain), PYTHON (python3), DEVICE (0;
# "cpu" to try it without a GPU), JOBS (all cores), SEED (21: the bench never uses it),
# DICE_REAL (the dice-photos folder; else build/dice-photos, shared/data/dice-photos or
# ../shared/data/dice-photos; none = synthetic data only), RUN (the run number in the curves'
# file names), DET_LR / CLS_LR (learning-rate scales, default 0.25 / 0.2), DATA_PCT / TRAIN_PCT (budget shares, default 20 / 55), CACHE (ram: the trainings
# keep decoded images in memory; empty: decode every epoch, as runs 1-8), CLS_B_LR (a second classifier trained
# on the same crops at this learning-rate scale, exported as dice_classifier_b.onnx, so that one
# GPU run gives a choice; empty: none), MAT_SCENES (Octo Dice mat scenes drawn beside the data, their
# crops cut as the tracker reads the mat, tracker/octo_dice/reader_training.py, added to the classifier's
# set; default 0: none), MAT_JOBS (their processes, default a quarter of the cores), MAT_SEED (400000).
set -uo pipefail
BUDGET=${1:-380}
OUT=${OUT:-$PWD/build/dice-gpu-out}
WORK=${WORK:-/tmp/dice-retrain}
PY=${PYTHON:-python3}
DEVICE=${DEVICE:-0}
JOBS=${JOBS:-$(nproc --all)}  # --all: plain nproc obeys OMP_NUM_THREADS (a lead run got 2 of 16 cores)
SEED=${SEED:-21}
RUN=${RUN:-8}
DATA_PCT=${DATA_PCT:-20}
TRAIN_PCT=${TRAIN_PCT:-55}
CACHE=${CACHE:-}
DET_LR=${DET_LR:-0.25}
CLS_LR=${CLS_LR:-0.2}
CACHE_ARG=(); [ -n "$CACHE" ] && CACHE_ARG=(--cache "$CACHE")
T0=$(date +%s)
mkdir -p "$OUT" "$WORK"
log() { echo "[$(( $(date +%s) - T0 )) s] $*" | tee -a "$OUT/retrain.log"; }

REAL=/nonexistent
for d in "${DICE_REAL:-}" build/dice-photos shared/data/dice-photos ../shared/data/dice-photos; do
  if [ -n "$d" ] && [ -d "$d/images" ]; then REAL=$d; break; fi
done
DATA_S=$(( BUDGET * DATA_PCT / 100 ))
TRAIN_S=$(( BUDGET * TRAIN_PCT / 100 ))
HOURS=$($PY -c "print(round($TRAIN_S / 3600, 5))")
HALF=$(( JOBS / 2 )); [ "$HALF" -lt 1 ] && HALF=1
WORKERS=$(( (JOBS - 2) / 2 )); [ "$WORKERS" -lt 1 ] && WORKERS=1
log "budget ${BUDGET} s: data ${DATA_S} s, training ${TRAIN_S} s (both models at once); real photos: $REAL; device $DEVICE; $JOBS cores"
# one import first: ultralytics writes its settings file on first import, and the two trainings would race
log "$($PY -c 'import torch, ultralytics; print("torch", torch.__version__, "cuda", torch.cuda.is_available(), "ultralytics", ultralytics.__version__)' 2>&1 | tail -n 1)"

CLS_B_LR=${CLS_B_LR:-}
COMMON=(--work "$WORK" --real "$REAL" --seed "$SEED" --variety 0.6 --cocked-share 0.08)
COMMON_B=(--work "$WORK/b" --real "$REAL" --seed "$SEED" --variety 0.6 --cocked-share 0.08)
DET=(--synth 100000 --real-repeat 4)
# Octo Dice faces keep most of their classic crops (run 7 lost Octo Dice faces at 0.6); a third of
# the rounds add a 'none' crop centred on a printed number or dots (run 7 read those as dice)
CLS=(--per-class 100000 --cls-val 40 --cocked-every 1 --twin-art 0.3 --octo-variety 0.25 --lookalike 0.35)
[ -n "$CLS_B_LR" ] && WORKERS=$(( (JOBS - 2) / 3 )) && [ "$WORKERS" -lt 1 ] && WORKERS=1

MAT_SCENES=${MAT_SCENES:-0}
MAT_JOBS=${MAT_JOBS:-$(( JOBS / 4 ))}; [ "$MAT_JOBS" -lt 1 ] && MAT_JOBS=1
MAT_SEED=${MAT_SEED:-400000}
EXTRA=()
if [ "$MAT_SCENES" -gt 0 ]; then
  # the mat's crops: drawn beside the other data, cut off at the same deadline (what is written stays)
  timeout -k 5 $(( DATA_S + 30 )) $PY -m tracker.octo_dice.reader_training --out "$WORK/mat" --seed "$MAT_SEED" \
    --scenes "$MAT_SCENES" --jobs "$MAT_JOBS" --chunk 10 --seconds "$DATA_S" > "$OUT/data_mat.log" 2>&1 &
  P0=$!
  EXTRA=(--extra-cls "$WORK/mat")
fi
# 1. data: both sets at once, each with half the cores, both stopped at the same deadline
$PY vision/dice/train.py data-detector "${COMMON[@]}" "${DET[@]}" --jobs "$HALF" --data-seconds "$DATA_S" > "$OUT/data_detector.log" 2>&1 &
P1=$!
$PY vision/dice/train.py data-classifier "${COMMON[@]}" "${CLS[@]}" --jobs "$HALF" --data-seconds "$DATA_S" > "$OUT/data_classifier.log" 2>&1 &
P2=$!
wait $P1; R1=$?
wait $P2; R2=$?
log "data done (detector rc $R1, classifier rc $R2): $(tail -n 1 "$OUT/data_detector.log"); $(tail -n 1 "$OUT/data_classifier.log")"
if [ "$MAT_SCENES" -gt 0 ]; then
  wait $P0
  log "mat crops: $(tail -n 1 "$OUT/data_mat.log"); $(find "$WORK/mat" -name '*.png' | wc -l) files"
fi
if [ "$R1" -ne 0 ] && [ "$R2" -ne 0 ]; then log "no data: nothing to train (see data_*.log)"; exit 1; fi

# 2. training: both models at once on the one GPU, continuing from the shipped ONNX weights
$PY vision/dice/train.py detector "${COMMON[@]}" "${DET[@]}" --device "$DEVICE" --workers "$WORKERS" --det-batch 64 \
  --det-epochs 1000 --det-hours "$HOURS" --lr-scale "$DET_LR" --init-detector-onnx models/dice_detector.onnx "${CACHE_ARG[@]}" > "$OUT/train_detector.log" 2>&1 &
P1=$!
$PY vision/dice/train.py classifier "${COMMON[@]}" "${CLS[@]}" "${EXTRA[@]}" --device "$DEVICE" --workers "$WORKERS" --cls-batch 256 \
  --cls-epochs 1000 --cls-hours "$HOURS" --lr-scale "$CLS_LR" --init-classifier-onnx models/dice_classifier.onnx "${CACHE_ARG[@]}" > "$OUT/train_classifier.log" 2>&1 &
P2=$!
R3=skipped
if [ -n "$CLS_B_LR" ]; then
  # the same crops (reused: the data stage wrote them), its own run folder through its own work dir
  mkdir -p "$WORK/b" && ln -sfn "$WORK/cls" "$WORK/b/cls"
  $PY vision/dice/train.py classifier "${COMMON_B[@]}" "${CLS[@]}" --device "$DEVICE" --workers "$WORKERS" --cls-batch 256 \
    --cls-epochs 1000 --cls-hours "$HOURS" --lr-scale "$CLS_B_LR" --init-classifier-onnx models/dice_classifier.onnx "${CACHE_ARG[@]}" > "$OUT/train_classifier_b.log" 2>&1 &
  P3=$!
fi
wait $P1; R1=$?
wait $P2; R2=$?
[ -n "$CLS_B_LR" ] && { wait $P3; R3=$?; }
log "training done (detector rc $R1, classifier rc $R2, classifier b rc $R3)"
if [ -n "$CLS_B_LR" ] && [ -f "$WORK/b/runs/classifier/weights/last.pt" ]; then
  cp "$WORK/b/runs/classifier/results.csv" "$OUT/dice_classifier_b_run${RUN}.csv" 2>/dev/null || true
  timeout 90 $PY vision/dice/train.py export --work "$WORK/b" --models "$OUT" --classifier-weights "$WORK/b/runs/classifier/weights/last.pt" \
    --detector-weights /nonexistent --classifier-name dice_classifier_b.onnx >> "$OUT/export.log" 2>&1 || log "classifier b: export failed"
fi
for m in detector classifier; do
  cp "$WORK/runs/$m/weights/last.pt" "$OUT/${m}_last.pt" 2>/dev/null || log "no $m weights: see $OUT/train_$m.log"
  cp "$WORK/runs/$m/results.csv" "$OUT/dice_${m}_run${RUN}.csv" 2>/dev/null || true
done
# best.pt (best on the synthetic validation) is one more candidate: exported here into OUT/best, because
# the machines that choose may have no torch to export it (run 11's best.pt never became a candidate)
if [ -f "$WORK/runs/detector/weights/best.pt" ] && [ -f "$WORK/runs/classifier/weights/best.pt" ]; then
  mkdir -p "$OUT/best"
  timeout 90 $PY vision/dice/train.py export --work "$WORK" --models "$OUT/best" \
    --detector-weights "$WORK/runs/detector/weights/best.pt" --classifier-weights "$WORK/runs/classifier/weights/best.pt" \
    >> "$OUT/export_best.log" 2>&1 || log "best.pt: export failed (see export_best.log)"
fi

# 3. export (needs onnx; a failure leaves the .pt files to export elsewhere) and a smoke read
if timeout 120 $PY vision/dice/train.py export --work "$WORK" --models "$OUT" >> "$OUT/export.log" 2>&1; then
  log "exported: $(ls "$OUT"/*.onnx 2>/dev/null | tr '\n' ' ')"
  timeout 60 $PY vision/dice/gpu_smoke.py "$OUT" 2>&1 | tee -a "$OUT/retrain.log"
else
  log "ONNX export failed here (see export.log): python vision/dice/train.py export --detector-weights OUT/detector_last.pt --classifier-weights OUT/classifier_last.pt"
fi
log "done"
# the device tool brings back at most 8 files: logs and curves travel as one archive
(cd "$OUT" && tar czf logs.tgz ./*.log ./*.csv 2>/dev/null && rm -f ./*.log ./*.csv)
