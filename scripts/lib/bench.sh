# Sourced by the bench scripts (bench.sh, bench-calls.sh) after they set $BIN: a work
# folder removed on exit, the servers' data folder ($DATA), and the helpers they share.
work=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$work"; trim_data' EXIT
# The servers' data (a quarter of the calls upload a recording) is kept from run to run,
# not deleted with the run as the database is: ext4 without a journal, as on this
# machine, reuses no inode for 60 to 300 s after it was freed (recently_deleted() in
# its inode allocator), so a run that followed one whose thousands of WAVs had just
# been deleted spent its time skipping their inodes (perf: recently_deleted,
# find_inode_bit; the figures fell by a quarter within eight runs and came back after
# minutes of rest). A provider keeps its recordings; it does not delete them in bulk.
DATA=${BENCH_DATA_DIR:-target/bench-data}
mkdir -p "$DATA"
# Past 1 GB (about 60,000 recordings, some twelve call-path benches) the folder goes
# when a bench ends (a nested bench may have removed it already): a bench started
# within five minutes of that runs slower.
trim_data() { [ ! -d "$DATA" ] || [ "$(du -sm "$DATA" | cut -f1)" -le 1024 ] || rm -rf "$DATA"; }
source scripts/lib/bench-api.sh
