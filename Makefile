# Deprecated kernel exports: the harness's front door. `make help` lists the
# targets and every knob.

BASE ?= mainline
VARIANT ?= x86_64
export BASE
SHELL := /bin/bash

.PHONY: help deps deps-cross source tree refresh next-series kernel modules initramfs check check-full crossbuild bisect demo bench bench-scale soak clean distclean

help:
	@echo "make demo       build, boot, load out-of-tree modules, show warnings and the release report (BASE)"
	@echo "make check      every test that fits CI, both bases: KTAP, then 'N passed, N failed, N skipped'; the run in build/runs/last"
	@echo "make check-full make check plus every variant on both bases, the debug kernels and the bisection pass with sparse and W=1"
	@echo "make bench      size, lookup, load, test_kallsyms, modpost and report figures vs the same base unpatched (both bases, or BASE); page docs/results/bench-<base>.md"
	@echo "make bench-scale  make bench with the growth axes up to 30,000 exports and 1,000 exporters"
	@echo "make crossbuild every architecture of configs/arches.tsv, options on and off, tables decoded (BASES, ARCHES); page docs/results/crossbuild-<base>.md (without ARCHES)"
	@echo "make soak       1,000 malformed modules and 2,000 parallel load/unload cycles on the debug kernel, in shards (both bases, or BASE); page docs/results/soak-<base>.md"
	@echo "make bisect     the bisection gate alone: every prefix applies, builds, boots (BASE; part of check-full)"
	@echo "make deps       install missing packages with apt-get (root or sudo)"
	@echo "make source     fetch and unpack the pinned kernel source of BASE (source.lock)"
	@echo "make tree       build/\$$BASE/linux: git repo, 'base' = pristine source, + patches/\$$BASE/series"
	@echo "make refresh    write build/\$$BASE/linux base..HEAD back into patches/\$$BASE/"
	@echo "make next-series  regenerate patches/\$$BASE/next/ with the tree's 'make exports_remove'"
	@echo "make kernel     build kernel VARIANT into build/\$$BASE/obj/\$$VARIANT"
	@echo "make modules    build tests/modules/* out of tree (make -C <kernel> M=<dir>) against VARIANT"
	@echo "make initramfs  guest initramfs for VARIANT"
	@echo "make clean      remove objects, modules, initramfs, logs of both bases (keeps trees, cache)"
	@echo "make distclean  remove build/ entirely (the cache outside the clone stays)"
	@echo
	@echo "knobs (make VAR=value or environment):"
	@echo "  BASE=mainline|6.12   the base of single-base targets (default mainline)"
	@echo "  BASES='mainline 6.12'  the bases make check runs"
	@echo "  VARIANT=name         kernel variant: $(patsubst configs/%.variant,%,$(wildcard configs/*.variant))"
	@echo "  ONLY='pattern ...'   make check: only the tests whose whole name matches a shell pattern (one that matches nothing is an error)"
	@echo "  ARCHES='m68k ...'    make crossbuild: only these rows of configs/arches.tsv"
	@echo "  LIST=1               make check: print the plan (the selected names), run nothing"
	@echo "  GUEST_TIMEOUT=s      limit for a whole guest boot (default: 3 times its measured time, at least 120 s)"
	@echo "  GUEST_LIMIT_FLOOR=s  the least boot limit taken from measured times (default 120 s)"
	@echo "  GUEST_KVM=1          try KVM instead of TCG for guests"
	@echo "  BISECT_FORCE=1       redo the bisection pass even if its inputs are unchanged"
	@echo "  MUTANT_SEED=n        seed of the malformed modules (default 2007)"
	@echo "  MUTANT_RANDOM=n      random malformed modules besides the fixed cases (default 30)"
	@echo "  SOAK_MUTANTS=n, SOAK_CYCLES=n  make soak sizes (default 1000 and 2000: the goals)"
	@echo "  SOAK_SHARDS=n, SOAK_SEED=n     make soak: boots to share them over (4), seed of the first (1)"
	@echo "  SOAK_PLAN=1          make soak: print each shard's seed and sizes, run nothing"
	@echo "  BENCH_RUNS=n, BENCH_BOOTS=n, BENCH_LOAD_IMPORTS=n, BENCH_TIMEOUT=s  make bench sizes (tools/measure/bench.sh)"
	@echo "  BENCH_SIZES='1000 10000', BENCH_OWNERS='10 100', BENCH_GROWTH_IMPORTS=1000  growth axes"
	@echo "  DEPRECATED_EXPORTS_CACHE=dir  downloads and ccache (default ~/.cache/deprecated-exports)"
	@echo "  RELEASE=x.y          make next-series: the removal release (default: the series' own)"
	@echo "  CROSS_SETTINGS='on off'  make crossbuild: the option's settings to build"
	@echo "  CROSS_ROLES='guest check cross'  make crossbuild: the rows taken when ARCHES is not given"
	@echo "  CROSS_STRICT=1       make crossbuild: a row that cannot build fails the run, not only listed"
	@echo "  QEMU_EXTRA='opts'    more QEMU options for every guest (make bench sets -icount)"
	@echo
	@echo "used by the harness's own tests (tests/host/harness_*, exports_*):"
	@echo "  RUN_DIR=dir          tests/run.sh: the run's directory, instead of a new build/runs/<id>"
	@echo "  COVER=file           make refresh: the cover letter source (default patches/BASE/cover-letter.txt)"
	@echo "  EXPORTS_TREE=dir, EXPORTS_DUE=script  host/exports_*: another tree or report script"
	@echo "  TREE=dir, PATCHES=dir  make tree, make refresh: another tree or series directory"
	@echo "  FULL=1               tests/run.sh as make check-full runs it"

deps:
	@tools/source/deps.sh

source:
	@tools/source/fetch-source.sh

tree: source
	@tools/source/tree.sh

refresh:
	@tools/series/refresh.sh

next-series: tree
	@tools/series/next-series.sh

kernel: tree
	@tools/build/build-kernel.sh $(VARIANT)

modules: kernel
	@tools/build/build-modules.sh $(VARIANT)

initramfs: modules
	@tools/build/mkinitramfs.sh $(VARIANT)

check: deps
	@tests/run.sh

check-full: deps
	@FULL=1 tests/run.sh

deps-cross:
	@tools/source/deps.sh cross

crossbuild: deps-cross
	@rc=0; for b in $${BASES:-mainline 6.12}; do \
		BASE=$$b tools/source/fetch-source.sh && BASE=$$b tools/source/tree.sh && \
		BASE=$$b tools/measure/crossbuild.sh $(ARCHES) || rc=1; \
	done; exit $$rc

bisect: deps tree
	@tools/series/bisect-check.sh

demo: deps tree
	@tools/guest/demo.sh

# make bench and make soak run both bases unless BASE is given.
BOTH_BASES := $(if $(filter file,$(origin BASE)),mainline 6.12,$(BASE))
# make bench needs the mainline tree either way: its pristine
# gen_test_kallsyms.sh makes upstream's stress modules.
bench: deps
	@rc=0; BASE=mainline tools/source/fetch-source.sh && BASE=mainline tools/source/tree.sh || exit 1; \
	for b in $(BOTH_BASES); do \
		BASE=$$b tools/source/fetch-source.sh && BASE=$$b tools/source/tree.sh && \
		BASE=$$b tools/measure/bench.sh || rc=1; \
	done; exit $$rc

# the growth axes up to a distribution kernel's scale: a table of 30,000
# exports and 1,000 loaded exporters (too slow for make bench)
bench-scale:
	@$(MAKE) --no-print-directory bench BENCH_SIZES="1000 10000 30000" BENCH_OWNERS="10 100 1000"

soak: deps
	@rc=0; for b in $(BOTH_BASES); do \
		BASE=$$b tools/source/fetch-source.sh && BASE=$$b tools/source/tree.sh && \
		BASE=$$b tools/measure/soak.sh || rc=1; \
	done; exit $$rc

clean:
	rm -rf build/*/obj build/*/mods build/*/initramfs build/*/logs build/*/tmp build/logs build/runs

distclean:
	rm -rf build
