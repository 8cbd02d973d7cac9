#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Deprecated exports: EXPORT_UNUSED_SYMBOL(sym, "MAJOR.MINOR") and
# EXPORT_UNUSED_SYMBOL_GPL(sym, "MAJOR.MINOR"), where MAJOR.MINOR is the
# release in which the export goes away.  Every .c, .h and .S file of the
# source tree is scanned, for all architectures and configurations; nothing
# needs to be configured or built.  A macro call counts when it starts a
# line outside a comment; it may span lines.
#
# Usage: exports_due.sh [--schedule | --remove] [--all] [--release MAJOR.MINOR] [SRCTREE]
#
#   (no mode)   list the exports due in the release, and check that the
#               generated block of Documentation/feature-removal-schedule.txt
#               matches the macros
#   --schedule  rewrite that block from the macros
#   --remove    delete the macro calls of the exports due in the release
#               (the functions stay) and rewrite the block
#   --release   the release, default the tree's VERSION.PATCHLEVEL
#   --all       also list the exports that are not due yet
#
# Exit status: 0 when nothing is due, nothing is malformed and the schedule
# is current (or, with --schedule and --remove, when the tree was
# rewritten); 1 otherwise; 2 on a usage error.
#
# Needs only POSIX sh, awk, sed, grep, find, sort and cmp (busybox will do).

set -e

die() {
	echo "exports_due: $*" >&2
	exit 2
}

mode=
all=
release=
while [ $# -gt 0 ]; do
	case $1 in
	--all)
		all=1 ;;
	--remove | --schedule)
		[ -z "$mode" ] || die "--remove and --schedule exclude each other"
		mode=${1#--} ;;
	--release)
		[ $# -ge 2 ] || die "--release needs a value (MAJOR.MINOR)"
		release=$2
		shift ;;
	--release=*)
		release=${1#--release=} ;;
	-h | --help)
		sed -n '3,/^$/s/^# \{0,1\}//p' "$0"
		exit 0 ;;
	-*)
		die "unknown option $1" ;;
	*)
		break ;;
	esac
	shift
done
[ $# -le 1 ] || die "one source tree only"
cd "${1:-$(dirname "$0")/..}" || exit 2

schedule=Documentation/feature-removal-schedule.txt
begin="=== BEGIN deprecated exports"
end="=== END deprecated exports"
rerun="run 'make exports_schedule'"
tab=$(printf '\t')

if [ -z "$release" ]; then
	release=$(awk '$1 == "VERSION" { v = $3 } $1 == "PATCHLEVEL" { p = $3 }
		END { if (v != "" && p != "") print v "." p }' Makefile)
fi
case $release in
*[!0-9.]* | .* | *. | *.*.*) release="bad:$release" ;;
*.*) ;;
*) release="bad:$release" ;;
esac
case $release in
bad:*) die "release '${release#bad:}' is not MAJOR.MINOR (like 6.13)" ;;
esac
relkey=$(echo "$release" | awk -F. '{ printf "%05d.%05d", $1, $2 }')

tmp=${TMPDIR:-/tmp}/exports_due.$$
mkdir -m 700 "$tmp" || exit 2
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' HUP INT TERM

# scan: the macro calls of the tree.  Writes $tmp/exports, one well-formed
# call a line, tab-separated:
#   sortkey file firstline lastline class symbol release
# and $tmp/bad, the diagnostics of malformed calls.
scan() {
	find . -name .git -prune -o -type f \( -name '*.[chS]' \) \
		-exec grep -l EXPORT_UNUSED_SYMBOL {} + | sed 's|^\./||' |
		LC_ALL=C sort >"$tmp/files"
	: >"$tmp/exports"
	: >"$tmp/bad"
	[ -s "$tmp/files" ] || return 0
	# shellcheck disable=SC2046 # file names from the tree: no blanks
	awk -v bad="$tmp/bad" '
	# The code of a line: comments blanked, string and character
	# literals kept (a "/*" in a literal starts no comment).
	function code(s,    out, c, q, i, n) {
		out = ""
		n = length(s)
		for (i = 1; i <= n; i++) {
			c = substr(s, i, 1)
			if (incomment) {
				if (c == "*" && substr(s, i + 1, 1) == "/") {
					incomment = 0
					i++
				}
				continue
			}
			if (c == "/" && substr(s, i + 1, 1) == "*") {
				incomment = 1
				out = out " "
				i++
				continue
			}
			if (c == "/" && substr(s, i + 1, 1) == "/")
				break
			out = out c
			if (c != "\"" && c != "\047")
				continue
			for (q = c; i < n; ) {
				c = substr(s, ++i, 1)
				out = out c
				if (c == "\\")
					out = out substr(s, ++i, 1)
				else if (c == q)
					break
			}
		}
		return out
	}
	function trim(s) {
		sub(/^[ \t]+/, "", s)
		sub(/[ \t]+$/, "", s)
		return s
	}
	# Split the call text into nargs arguments arg[1..]; 1 once the
	# closing parenthesis is seen.
	function split_call(    i, n, c, q, depth, a) {
		n = length(call)
		nargs = 0
		depth = 0
		q = ""
		a = ""
		for (i = index(call, "("); i <= n; i++) {
			c = substr(call, i, 1)
			if (q != "") {
				if (c == "\\")
					c = c substr(call, ++i, 1)
				else if (c == q)
					q = ""
			} else if (c == "\"" || c == "\047") {
				q = c
			} else if (c == "(") {
				if (depth++ == 0)
					continue
			} else if (c == ")") {
				if (--depth == 0) {
					arg[++nargs] = trim(a)
					return 1
				}
			} else if (c == "," && depth == 1) {
				arg[++nargs] = trim(a)
				a = ""
				continue
			}
			a = a c
		}
		return 0
	}
	function emit(    at, r, v) {
		at = sfile ":" start ": "
		r = nargs < 2 || arg[2] == "" ? "(missing)" : arg[2]
		if (nargs > 2 || arg[1] !~ /^[A-Za-z_][A-Za-z0-9_]*$/) {
			printf("%s%s: malformed call: %s\n", at, class, trim(call)) > bad
		} else if (r !~ /^"[0-9]+\.[0-9]+"$/) {
			printf("%s%s (%s): malformed removal release %s\n", at, arg[1],
			       class, r) > bad
		} else {
			r = substr(arg[2], 2, length(arg[2]) - 2)
			split(r, v, ".")
			printf "%05d.%05d\t%s\t%d\t%d\t%s\t%s\t%s\n", v[1], v[2],
			       sfile, start, FNR, class, arg[1], r
		}
		start = 0
	}
	function unterminated() {
		printf("%s:%d: %s: unterminated call\n", sfile, start, class) > bad
		start = 0
	}
	FNR == 1 {
		if (start)
			unterminated()
		incomment = 0
	}
	{
		line = $0
		sub(/\r$/, "", line)
		c = code(line)
		if (start) {
			call = call " " c
		} else if (c ~ /^[ \t]*EXPORT_UNUSED_SYMBOL(_GPL)?[ \t]*\(/) {
			sfile = FILENAME
			start = FNR
			call = c
			class = trim(substr(c, 1, index(c, "(") - 1))
		} else {
			next
		}
		if (split_call())
			emit()
	}
	END {
		if (start)
			unterminated()
	}' $(cat "$tmp/files") >"$tmp/exports"
}

# block: the generated block's text, one entry per export, by release.
block() {
	LC_ALL=C sort -t "$tab" -k1,1 -k6,6 -k2,2 "$tmp/exports" |
		awk -F'\t' '{
			if (NR > 1)
				print ""
			printf "What:\t%s(%s)\nWhen:\t%s\nWhere:\t%s\n", $5, $6, $7, $2
		}'
}

# markers: fail unless the schedule has no block or one well-formed one.
markers() {
	[ -f "$schedule" ] || return 0
	awk -v b="$begin" -v e="$end" '
	index($0, b) == 1 { nb++; if (ne || nb > 1) bad = 1 }
	index($0, e) == 1 { ne++; if (ne > nb) bad = 1 }
	END { exit bad || nb != ne }' "$schedule"
}

# write_schedule: replace the block (or append one) with block's text.
write_schedule() {
	block >"$tmp/block"
	if [ -f "$schedule" ]; then
		cp "$schedule" "$tmp/old"
	else
		: >"$tmp/old"
	fi
	awk -v b="$begin" -v e="$end" -v blk="$tmp/block" '
	function put(    l) {
		print b " (generated by \047make exports_schedule\047; do not edit) ==="
		while ((getline l < blk) > 0)
			print l
		print e " ==="
	}
	index($0, b) == 1 { put(); skip = 1; done = 1; next }
	index($0, e) == 1 { skip = 0; next }
	!skip { print }
	END {
		if (!done) {
			if (NR)
				print ""
			put()
		}
	}' "$tmp/old" >"$tmp/new"
	if ! cmp -s "$tmp/old" "$tmp/new" || [ ! -f "$schedule" ]; then
		cat "$tmp/new" >"$schedule"
		echo "updated $schedule"
	fi
}

# check_schedule: one line per export the block gets wrong.
check_schedule() {
	if [ ! -f "$schedule" ]; then
		echo "$schedule: missing; $rerun"
		return
	fi
	if ! grep "^$begin" "$schedule" >/dev/null; then
		echo "$schedule: no generated block; $rerun"
		return
	fi
	block >"$tmp/block"
	: >"$tmp/current"
	awk -v b="$begin" -v e="$end" -v s="$schedule" -v current="$tmp/current" '
	index($0, e) == 1 { inside = 0 }
	inside { print > current }
	index($0, b) == 1 { inside = 1 }
	!inside && /^What:[ \t]*EXPORT_UNUSED_SYMBOL/ {
		printf "%s:%d: a hand-written entry for a deprecated export; the generated block lists them\n", s, FNR
	}' "$schedule"
	cmp -s "$tmp/block" "$tmp/current" && return
	awk -v s="$schedule" -v rerun="$rerun" '
	function flush(    k) {
		if (sym != "") {
			k = sym SUBSEP where
			if (side == 1) {
				srel[k] = rel
				scls[k] = cls
			} else {
				hrel[k] = rel
				hcls[k] = cls
			}
		}
		sym = ""
		rel = ""
		where = ""
	}
	function value(    v) {
		v = $0
		sub(/^[A-Za-z]+:[ \t]*/, "", v)
		sub(/[ \t\r]+$/, "", v)
		return v
	}
	FNR == 1 {
		flush()
		side = FILENAME == ARGV[1] ? 1 : 2
	}
	/^What:/ {
		flush()
		cls = value()
		sym = cls
		sub(/\(.*/, "", cls)
		sub(/^[^(]*\(/, "", sym)
		sub(/\).*/, "", sym)
	}
	/^When:/ { rel = value() }
	/^Where:/ { where = value() }
	function say(k, msg,    p) {
		split(k, p, SUBSEP)
		printf "%s: %s: %s; %s\n", s, p[1], msg, rerun
		n++
	}
	END {
		flush()
		for (k in srel) {
			split(k, p, SUBSEP)
			if (!(k in hrel))
				say(k, "no entry, " scls[k] " in " p[2] " says " srel[k])
			else if (hcls[k] != scls[k])
				say(k, "schedule says " hcls[k] ", " p[2] " has " scls[k])
			else if (hrel[k] != srel[k])
				say(k, "schedule says " hrel[k] ", " scls[k] " in " p[2] " says " srel[k])
		}
		for (k in hrel) {
			split(k, p, SUBSEP)
			if (!(k in srel))
				say(k, "schedule says " hrel[k] ", but " p[2] " has no such export")
		}
		if (!n)
			printf "%s: generated block edited by hand; %s\n", s, rerun
	}' "$tmp/block" "$tmp/current"
}

markers || die "$schedule: '$begin' and '$end' lines unpaired"
scan

# The exports due in the release, and with --all the rest.
awk -F'\t' -v k="$relkey" -v all="$all" '
("" $1) <= ("" k) { printf "%s:%d: %s (%s): due in %s\n", $2, $3, $6, $5, $7 }
("" $1) > ("" k) && all { printf "%s:%d: %s (%s): scheduled for %s\n", $2, $3, $6, $5, $7 }
' "$tmp/exports" >"$tmp/due"

case $mode in
schedule | remove)
	if [ -s "$tmp/bad" ]; then
		cat "$tmp/bad"
		echo "exports_due: fix the malformed calls first; nothing changed" >&2
		exit 1
	fi ;;
esac

case $mode in
remove)
	awk -F'\t' -v k="$relkey" '("" $1) <= ("" k)' "$tmp/exports" >"$tmp/remove"
	if [ ! -s "$tmp/remove" ]; then
		echo "exports_due: nothing is due in $release" >&2
	fi
	cut -f2 "$tmp/remove" | uniq | while IFS= read -r f; do
		awk -F'\t' -v f="$f" '
		FILENAME == ARGV[1] {
			if ($2 == f)
				for (i = $3; i <= $4; i++)
					gone[i] = 1
			next
		}
		!(FNR in gone)' "$tmp/remove" "$f" >"$tmp/edit"
		cat "$tmp/edit" >"$f"
	done
	awk -F'\t' '{ printf "removed %s:%d: %s (%s)\n", $2, $3, $6, $5 }' "$tmp/remove"
	scan
	write_schedule ;;
schedule)
	write_schedule ;;
*)
	{
		cat "$tmp/due" "$tmp/bad"
		check_schedule
	} | LC_ALL=C sort -t: -k1,1 -k2,2n >"$tmp/report"
	cat "$tmp/report"
	# Only --all's "scheduled for" lines leave the status 0.
	if grep -v ': scheduled for ' "$tmp/report" >/dev/null; then
		exit 1
	fi ;;
esac
