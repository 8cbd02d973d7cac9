# Helpers for host checks (sourced by bash).
set -u
. "$(dirname "${BASH_SOURCE[0]}")/../../tools/lib.sh"
fail() { echo "FAIL: $*"; exit 1; }
expect_grep() { # REGEX FILE
	grep -qE -- "$1" "$2" || fail "no line matching /$1/ in ${2#"$TOP"/}"
	echo "found /$1/ in ${2#"$TOP"/}"
}
# scratch_dir: set $scratch to a fresh directory under build/tmp, removed
# when the test exits.
scratch_dir() {
	mkdir -p "$BUILD/tmp"
	scratch=$(mktemp -d "$BUILD/tmp/$(basename "$0" .sh).XXXX")
	trap 'rm -rf "$scratch"' EXIT
}
