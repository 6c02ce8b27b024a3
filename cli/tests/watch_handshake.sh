#!/bin/sh
# watch_handshake.sh DIR JSONX...: `jsonx min --watch -` prints the value so far before its
# input ends. Its input is a FIFO that this script writes in two pieces, the second only once
# it has read, from the output FIFO, the line that the first piece makes. A jsonx that waited
# for the end of its input or for a full chunk would never print that line: the read blocks and
# the caller's timeout fails the test. Nothing here depends on timing.
# Prints "before: LINE" for each line read before the second piece, "after: LINE" for the lines
# after it, then "status: N", jsonx's exit status. Exits 125 if it cannot make the FIFOs.
# JSONX...: the program and the words before it (a cross build's emulator).
set -u
dir=$1
shift
rm -f "$dir/watch_in" "$dir/watch_out"
mkfifo "$dir/watch_in" "$dir/watch_out" || exit 125
"$@" min --watch - <"$dir/watch_in" >"$dir/watch_out" &
pid=$!
# Opening a FIFO waits for its other end: jsonx opens its input, then its output, in that order.
exec 3>"$dir/watch_in"
exec 4<"$dir/watch_out"
printf '%s' '{"a":[1,' >&3
while IFS= read -r line <&4; do
  printf 'before: %s\n' "$line"
  [ "$line" = '{"a":[1]}' ] && break
done
printf '%s' '2]}' >&3
exec 3>&-
while IFS= read -r line <&4; do
  printf 'after: %s\n' "$line"
done
wait "$pid"
printf 'status: %s\n' "$?"
rm -f "$dir/watch_in" "$dir/watch_out"
