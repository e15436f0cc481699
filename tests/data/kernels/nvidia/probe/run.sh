#!/bin/bash
# Runs on the device machine from a folder holding kernels.json, the g2_*/tr_* PTX and probe/:
#   bash probe/run.sh OUTDIR
# Builds the variants (probe.py build), profiles two rounds of launches under Nsight Compute and
# writes OUTDIR/results.json, OUTDIR/metrics.txt, OUTDIR/env.txt and OUTDIR/work.tgz (PTX, SASS,
# manifest, raw CSV).
set -u
OUTDIR=$1
W=/tmp/probe_work
rm -rf "$W"
{ nvidia-smi --query-gpu=name,driver_version --format=csv; ncu --version | tail -1;
  python3 -c "import triton, cupy; print('triton', triton.__version__, 'cupy', cupy.__version__)"; } > "$OUTDIR/env.txt" 2>&1
python3 probe/probe.py build . "$W" > "$OUTDIR/build.log" 2>&1 || { cat "$OUTDIR/build.log"; exit 1; }
ncu --query-metrics > "$W/query.txt" 2>&1
M=""
for m in l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st \
         l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st \
         smsp__sass_inst_executed_op_shared_ld smsp__sass_inst_executed_op_shared_st smsp__sass_inst_executed_op_ldsm \
         smsp__sass_inst_executed_op_global_st l1tex__t_requests_pipe_lsu_mem_global_op_st \
        ; do
  if grep -qw "$m" "$W/query.txt"; then M="$M${M:+,}$m.sum"; fi
done
[ -n "$M" ] || M=l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum
echo "$M" > "$OUTDIR/metrics.txt"
ncu --metrics "$M" -k regex:'^(g2|tr|p_)' -o "$W/rep" python3 probe/probe.py run "$W" 2 > "$W/run.log" 2>&1
tail -5 "$W/run.log"
ncu --import "$W/rep.ncu-rep" --csv --page raw > "$W/ncu.csv" 2> "$W/import.err"
python3 probe/probe.py join "$W" "$W/ncu.csv" "$OUTDIR/results.json"
tar czf "$OUTDIR/work.tgz" -C "$W" --exclude='*.cubin' --exclude='rep.ncu-rep' .
