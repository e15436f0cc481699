#!/bin/bash
# The follow-up of run.sh (same folder layout): bash probe/run2.sh OUTDIR [ROUNDS]
#   split   every g2_*/tr_* variant (as emitted and "barst") and a few microkernels, ROUNDS
#           rounds (default 5), with the shared-memory wavefronts split by the L1's operation
#           classes (op_ld, op_st, op_misc, op_atom, op_gmma, op_ipa; cmd_read, cmd_write) and
#           ncu's instruction-level (SASS-instrumented) counts beside them    -> results2.json
#   source  the "barst" variants once with the SourceCounters section (per SASS instruction
#           wavefronts from the instruction's addresses)                       -> work2.tgz
set -u
OUTDIR=$1
ROUNDS=${2:-5}
W=/tmp/probe_work2
rm -rf "$W"
mkdir -p "$W"
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv; ncu --version | tail -1; } > "$OUTDIR/env2.txt" 2>&1
python3 probe/probe.py build . "$W" > "$OUTDIR/build2.log" 2>&1 || { cat "$OUTDIR/build2.log"; exit 1; }
ncu --query-metrics > "$W/query.txt" 2>&1
M=""
for m in l1tex__data_pipe_lsu_wavefronts_mem_shared l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld \
         l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st l1tex__data_pipe_lsu_wavefronts_mem_shared_op_misc \
         l1tex__data_pipe_lsu_wavefronts_mem_shared_op_atom l1tex__data_pipe_lsu_wavefronts_mem_shared_op_gmma \
         l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ipa l1tex__data_pipe_lsu_wavefronts_mem_shared_cmd_read \
         l1tex__data_pipe_lsu_wavefronts_mem_shared_cmd_write \
         l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_misc \
         l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st \
         smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ld \
         smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldsm \
         smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_st \
         smsp__sass_l1tex_pipe_lsu_wavefronts_mem_shared \
         smsp__sass_l1tex_data_bank_conflicts_pipe_lsu_mem_shared_op_ldsm \
         smsp__sass_inst_executed_op_shared_ld smsp__sass_inst_executed_op_ldsm \
        ; do
  if grep -qw "$m" "$W/query.txt"; then M="$M${M:+,}$m.sum"; fi
done
M="$M,sm__cycles_elapsed.max"
echo "$M" > "$OUTDIR/metrics2.txt"
K="regex:^(g2|tr|p_)"
SEL='\.(orig|barst)$|_n(8|32)_(free|sync)\.8w$'
echo "== split: $ROUNDS rounds"
ncu --metrics "$M" -k "$K" -o "$W/rep2" python3 probe/probe.py run "$W" "$ROUNDS" "$SEL" split > "$W/run2.log" 2>&1
tail -2 "$W/run2.log"
ncu --import "$W/rep2.ncu-rep" --csv --page raw > "$W/ncu2.csv" 2> "$W/import2.err"
python3 probe/probe.py join "$W" "$W/ncu2.csv" "$OUTDIR/results2.json" split > "$W/join2.log" 2>&1
tail -30 "$W/join2.log"
echo "== source counters of the barst variants"
ncu --section SourceCounters --metrics "$M" -k "$K" -o "$W/rep2_src" \
    python3 probe/probe.py run "$W" 1 '\.barst$' src2 > "$W/run2_src.log" 2>&1
tail -2 "$W/run2_src.log"
ncu --import "$W/rep2_src.ncu-rep" --csv --page raw > "$W/ncu2_src.csv" 2> "$W/import2_src.err"
ncu --import "$W/rep2_src.ncu-rep" --csv --page source --print-source sass > "$W/src2_sass.csv" 2> "$W/src2_sass.err"
tar czf "$OUTDIR/work2.tgz" -C "$W" --exclude='*.cubin' --exclude='rep2.ncu-rep' --exclude='*.ptx' .
ls -la "$OUTDIR"
