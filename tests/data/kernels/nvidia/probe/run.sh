#!/bin/bash
# Runs on the device machine from a folder holding kernels.json, the g2_*/tr_* PTX and probe/:
#   bash probe/run.sh OUTDIR [ROUNDS]
# Builds the variants (probe.py build), then three Nsight Compute sessions:
#   main    every variant, ROUNDS rounds (default 3), hardware counters      -> results.json
#   clock   the kernels as emitted and a few microkernels, 2 rounds, with
#           --clock-control none (the GPU's own clocks, not ncu's base clock) -> results_clk.json
#   source  the kernels as emitted and a few microkernels, 1 round, with the
#           SourceCounters section (per SASS instruction: executed count and
#           the shared-memory wavefronts ncu derives from the instruction's
#           addresses, ideal and actual)                                     -> work.tgz: src_*.csv
# and writes OUTDIR/env.txt, metrics.txt, build.log, and work.tgz (PTX, SASS, manifest, logs, the
# source-page CSV and the source-counter report).
set -u
OUTDIR=$1
ROUNDS=${2:-3}
W=/tmp/probe_work
rm -rf "$W"
mkdir -p "$W"
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv; ncu --version | tail -1;
  python3 -c "import triton, cupy; print('triton', triton.__version__, 'cupy', cupy.__version__)"; } > "$OUTDIR/env.txt" 2>&1
python3 probe/probe.py build . "$W" > "$OUTDIR/build.log" 2>&1 || { cat "$OUTDIR/build.log"; exit 1; }
ncu --query-metrics > "$W/query.txt" 2>&1
M=""
for m in l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st \
         l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st \
         smsp__sass_inst_executed_op_shared_ld smsp__sass_inst_executed_op_shared_st smsp__sass_inst_executed_op_ldsm \
         smsp__sass_inst_executed_op_global_st smsp__sass_inst_executed_op_global_ld \
         l1tex__t_requests_pipe_lsu_mem_global_op_st l1tex__t_sectors_pipe_lsu_mem_global_op_st \
         l1tex__t_sectors_pipe_lsu_mem_global_op_ld l1tex__data_bank_reads l1tex__data_bank_writes \
         l1tex__data_pipe_lsu_wavefronts l1tex__data_pipe_lsu_wavefronts_mem_shared \
         smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ld \
         smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_st \
         smsp__sass_l1tex_data_bank_conflicts_pipe_lsu_mem_shared_op_ld \
        ; do
  if grep -qw "$m" "$W/query.txt"; then M="$M${M:+,}$m.sum"; fi
done
[ -n "$M" ] || M=l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum
M="$M,sm__cycles_elapsed.max"
echo "$M" > "$OUTDIR/metrics.txt"
K="regex:^(g2|tr|p_)"
SEL='\.orig$|_n8_(free|sync|stg)\.8w$|ldsm4_n1_free\.4w$'

echo "== main: $ROUNDS rounds"
ncu --metrics "$M" -k "$K" -o "$W/rep" python3 probe/probe.py run "$W" "$ROUNDS" > "$W/run.log" 2>&1
tail -3 "$W/run.log"
ncu --import "$W/rep.ncu-rep" --csv --page raw > "$W/ncu.csv" 2> "$W/import.err"
python3 probe/probe.py join "$W" "$W/ncu.csv" "$OUTDIR/results.json" > "$W/join.log" 2>&1
tail -40 "$W/join.log"

echo "== clock-control none"
ncu --clock-control none --metrics "$M" -k "$K" -o "$W/rep_clk" \
    python3 probe/probe.py run "$W" 2 "$SEL" clk > "$W/run_clk.log" 2>&1
ncu --import "$W/rep_clk.ncu-rep" --csv --page raw > "$W/ncu_clk.csv" 2> "$W/import_clk.err"
python3 probe/probe.py join "$W" "$W/ncu_clk.csv" "$OUTDIR/results_clk.json" clk > "$W/join_clk.log" 2>&1
tail -40 "$W/join_clk.log"

echo "== source counters"
ncu --section SourceCounters --metrics "$M" -k "$K" -o "$W/rep_src" \
    python3 probe/probe.py run "$W" 1 "$SEL" src > "$W/run_src.log" 2>&1
tail -3 "$W/run_src.log"
ncu --import "$W/rep_src.ncu-rep" --csv --page raw > "$W/ncu_src.csv" 2> "$W/import_src.err"
python3 probe/probe.py join "$W" "$W/ncu_src.csv" "$W/results_src.json" src > "$W/join_src.log" 2>&1
ncu --import "$W/rep_src.ncu-rep" --csv --page source --print-source sass > "$W/src_sass.csv" 2> "$W/src_sass.err"
ncu --import "$W/rep_src.ncu-rep" --csv --page details > "$W/src_details.csv" 2> "$W/src_details.err"
ls -la "$W"/*.csv "$W"/*.ncu-rep
tar czf "$OUTDIR/work.tgz" -C "$W" --exclude='*.cubin' --exclude='rep.ncu-rep' --exclude='rep_clk.ncu-rep' .
ls -la "$OUTDIR"
