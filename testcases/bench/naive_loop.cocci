// SPDX-License-Identifier: GPL-2.0-only
/// Benchmark baseline: the naive way to find put_user() in loops, one
/// rule over the whole tree with no help beyond Coccinelle's own token
/// prefilter.  scripts/bench-scan.sh times it against 'uabatch scan'.
//
// Confidence: Low
// Options: --no-includes --include-headers

virtual report

@r@
identifier put = {put_user, __put_user}; // model: access write
expression e, E;
position p;
@@
for (...;...;...) { <+... put@p(e, E) ...+> }

@script:python depends on report@
p << r.p;
@@
print('%s:%s: put_user() in a loop' % (p[0].file, p[0].line))
