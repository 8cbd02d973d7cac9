#!/bin/bash
# bases: harness
# The harness's own failure path: a series with a patch that does not apply
# stops 'make tree' with the patch's file name and git's reason, in a scratch
# tree, leaving build/linux and patches/ alone.
. "$(dirname "$0")/lib.sh"
[ -d "$BUILD/linux/.git" ] || fail "no build/linux (run make tree)"
scratch_dir
mkdir -p "$scratch/patches"
cp "$PATCHES"/*.patch "$PATCHES/series" "$scratch/patches/" 2>/dev/null
# A well-formed patch whose context is not in the tree.
cat >"$scratch/patches/9999-corrupt.patch" <<'P'
From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001
From: Test <test@localhost>
Date: Sat, 1 Jan 2000 00:00:00 +0000
Subject: [PATCH] test: a patch whose context does not exist

---
 README | 2 +-
 1 file changed, 1 insertion(+), 1 deletion(-)

diff --git a/README b/README
--- a/README
+++ b/README
@@ -1,3 +1,3 @@
-This line is not in the kernel's README.
+Neither is this one.
 Linux kernel
 ============
P
echo 9999-corrupt.patch >>"$scratch/patches/series"
rc=0
out=$(TREE="$scratch/tree" PATCHES="$scratch/patches" "$TOP/tools/source/tree.sh" 2>&1) || rc=$?
echo "$out"
[ "$rc" -ne 0 ] || fail "tree.sh succeeded with a corrupt patch"
echo "$out" | grep -q "patch does not apply: .*/9999-corrupt.patch" || fail "the failing patch is not named"
echo "$out" | grep -qx "error: patch failed: README:1" || fail "git's own reason (error: patch failed: README:1) is not shown"
# The real patches before it did apply.
n=$(grep -vc "^#" "$PATCHES/series" || true)
got=$(git -C "$scratch/tree" rev-list --count base..HEAD)
[ "$got" = "$n" ] || fail "expected the $n good patch(es) applied in the scratch tree, found $got"
