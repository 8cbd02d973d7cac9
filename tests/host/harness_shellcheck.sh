#!/bin/bash
# bases: harness
# Every script of the harness has a shebang, and shellcheck (Debian's) finds
# nothing in tools/ and tests/: host scripts as bash, guest scripts (run by
# busybox sh in the guest) as POSIX sh. Settings: .shellcheckrc.
. "$(dirname "$0")/lib.sh"
command -v shellcheck >/dev/null || fail "shellcheck is not installed (make deps installs it)"
cd "$TOP" || fail "no $TOP"
host=(tools/*.sh tools/*/*.sh tests/run.sh tests/host/*.sh .ci/run)
guest=(tests/guest/*.sh tests/guest/init bench/guest/*.sh)
bad=0
for f in "${host[@]}" "${guest[@]}"; do
	head -n1 "$f" | grep -q '^#!' || { echo "no shebang: $f"; bad=1; }
done
[ "$bad" = 0 ] || fail "scripts without a shebang"
out=$(shellcheck -s bash "${host[@]}" 2>&1; shellcheck -s sh "${guest[@]}" 2>&1)
if [ -n "$out" ]; then
	echo "$out" | head -n 60
	fail "shellcheck: $(echo "$out" | grep -c '^In ') finding(s) in $(echo "$out" | grep '^In ' | cut -d' ' -f2 | sort -u | wc -l) file(s)"
fi
echo "shellcheck: ${#host[@]} host and ${#guest[@]} guest scripts clean"
