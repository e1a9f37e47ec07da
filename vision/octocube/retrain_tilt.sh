#!/bin/bash
# A reduced retrain of the three Octocube classifiers on renders with camera tilt 0-40 degrees,
# then the recognition bench of the old and new nets at tilt 0-25 and 25-35 (models/octocube_models.md).
# Rendering runs JOBS processes at once; training on DEVICE (cpu or cuda).
#   JOBS=16 DEVICE=cuda PY=python3 bash vision/octocube/retrain_tilt.sh    (about 6 minutes on 16 cores + a GPU)
#   JOBS=2 PY=.venv/bin/python TRAIN_PY=.venv-train/bin/python bash vision/octocube/retrain_tilt.sh  (hours on 2 cores)
# Frames: tops/cubes 320 ordinary (train seeds 0-319) + 160 rich (1000-1159); letters 480 rich
# (20000-20479, four camera resolutions); held out: 48 tune frames (100000-100047) and 96 rich
# tune letter frames (108000-108095). Writes WORK/models_new and WORK/*.txt.
set -u
PY=${PY:-python3}
TRAIN_PY=${TRAIN_PY:-$PY}
J=${JOBS:-16}
DEV=${DEVICE:-cpu}
W=${WORK:-build/tilt}
TILT=${MAX_TILT:-40}
BENCH_FRAMES=${BENCH_FRAMES:-96}
export PYTHONPATH=.
mkdir -p "$W"/ds "$W"/val "$W"/letters "$W"/letters_val "$W"/models_new "$W"/models_mix
t0=$(date +%s)
tasks=()
for k in $(seq 0 31); do tasks+=("--out $W/ds/o_$k.npz --start $((k * 10)) --count 10"); done
for k in $(seq 0 15); do tasks+=("--out $W/ds/r_$k.npz --start $((1000 + k * 10)) --count 10 --rich"); done
for k in $(seq 0 47); do tasks+=("--out $W/letters/l_$k.npz --start $((20000 + k * 10)) --count 10 --rich --only letters --resolutions 1280x720,1600x900,1920x1080,1440x810"); done
for k in $(seq 0 7); do tasks+=("--split tune --out $W/val/v_$k.npz --start $((k * 6)) --count 6"); done
for k in $(seq 0 15); do tasks+=("--split tune --out $W/letters_val/lv_$k.npz --start $((8000 + k * 6)) --count 6 --rich --only letters --resolutions 1280x720,1920x1080,1600x900"); done
printf '%s\n' "${tasks[@]}" | xargs -P "$J" -I{} sh -c "nice -n 5 $PY -m vision.octocube.make_dataset --max-tilt $TILT {} > /dev/null"
echo "rendered in $(( $(date +%s) - t0 )) s"
for net in tops cubes; do  # (train.py's own letters net is the older kind: not trained here)
  $TRAIN_PY -m vision.octocube.train --data "$W"/ds --val "$W"/val --out "$W"/models_new --epochs 10 \
      --per-epoch 16000 --legacy-classes --only $net --device "$DEV" --threads 4 > "$W"/train_$net.txt 2>&1 &
done
$TRAIN_PY -m vision.octocube.train_letters --data "$W"/letters --val "$W"/letters_val --out "$W"/models_new \
    --epochs 25 --device "$DEV" --threads 4 > "$W"/train_letters.txt 2>&1 &
wait
echo "trained in $(( $(date +%s) - t0 )) s"
grep -h "held-out" "$W"/train_tops.txt "$W"/train_cubes.txt "$W"/train_letters.txt | tail -4
cp models/octocube_tops.onnx models/octocube_cubes.onnx "$W"/models_mix/
cp "$W"/models_new/octocube_letters.onnx "$W"/models_mix/
for m in old new mix; do
  dir=models; [ $m = new ] && dir=$W/models_new; [ $m = mix ] && dir=$W/models_mix
  for r in "0 25" "25 35"; do
    set -- $r
    $PY bench/octocube_recognition.py --frames "$BENCH_FRAMES" --hands 0 --min-tilt "$1" --max-tilt "$2" \
        --models "$dir" --jobs "$J" --show-errors --error-seeds > "$W/bench_${m}_$1_$2.txt" 2>&1
    echo "$m tilt $1-$2: $(grep -E '^  (stack tops |cube location|abyss tiles)' "$W/bench_${m}_$1_$2.txt" | tr -s ' ' | tr '\n' ';')"
  done
done
echo "done in $(( $(date +%s) - t0 )) s"
