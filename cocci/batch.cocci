// SPDX-License-Identifier: GPL-2.0-only
/// Batch user accesses that one user-access region can serve.  Each
/// put_user()/__put_user()/get_user()/__get_user() opens and closes user
/// access on its own (STAC/CLAC on x86 with SMAP, KUAP on powerpc, PAN on
/// arm64, SUM on riscv) and checks the address; one region, checked once,
/// serves a run of them through one user pointer (batch-put-run,
/// batch-get-run, batch-rw) or a loop that makes one on every iteration
/// (batch-put-loop, batch-get-loop).
///
/// A run is two or more accesses next to one another in one statement
/// list, with only computing statements between; a loop does nothing but
/// compute and make its accesses.  Findings on paths that run per I/O or
/// per event (model/hot-paths) are warnings, the others notes (-D notes
/// reports them too).  In patch mode each warning (each finding with
/// -D notes) is rewritten where the rewrite is sound: a
/// user_*_access_begin() region with unsafe_*_user() and a fault path at
/// the end of the function, or with -D scoped a scoped_user_*_access()
/// block; the region covers every access, is closed on every way out, and
/// a fault leaves as the old code did.  A finding that is not rewritten
/// says why.  With -D notes, a copy_to_user()/copy_from_user() of a small
/// local struct, of which only a few members are set or read one by one,
/// is a note (batch-copy-fields) that one region with an accessor per
/// member could serve; it is not rewritten.  -D json prints the
/// findings as the JSON objects, one a line, of the model of a finding
/// uabatch reads (model/findings.py), instead of their text form; in
/// patch mode it adds them to the file $UABATCH_FINDINGS names.
/// -D modernize reports each classic region that a scoped_user_*_access()
/// block of the same mode, pointer and range can replace (scoped-region,
/// a note) and, with -D patch -D relayout (uabatch modernize), rewrites
/// it as that block.
///
/// The analysis is in Python beside this file, a module a decision:
///   analysis.py       the driver: per file, the findings and the plan of edits
///   model.py          the model of the API: the calls by kind, the ids
///   grading.py        warning or note: hot path, cold path, left out
///   source.py         a file's tokens and tree, the text of tokens
///   statements.py     the statements of a body, what a statement is
///   functions.py      the function around an access, its name, labels
///   layout.py         a file's functions by the kernel's layout, system call names
///                     (the driver's scanner too: excerpts, fixes by function)
///   declarations.py   types: unsigned bounds, struct members and their order, flexible arrays
///   runs.py           the accesses, their runs, a read and a write apart
///   loops.py          the loops one region can serve whole
///   struct_copies.py  batch-copy-fields: a struct copy of few members
///   soundness.py      whether a rewrite is sound, else why not
///   gathered.py       faults gathered in err (|=): where the fault path goes, what err holds
///   rewrite_plan.py   the edits: region size (no wider than the accesses), fault path, scoped heads
///   relayout.py       the layout of the patched file (-D relayout; the driver runs it)
///   finding.py        a finding, in text or as the model's JSON object
///   scoping.py        -D modernize: a classic region as a scoped block
///   kconfig.py        the code only architectures without regions build
//
// Confidence: High
// Comments: the warnings of linux-source-6.12 and 7.2 read by hand: 11 of
// 13 real, 2 correct on cold paths, none wrong; -D notes adds correct
// findings on cold paths (docs/measurements.md; testcases/precision.md)
// Options: --no-includes --include-headers

virtual patch
virtual context
virtual org
virtual report
virtual scoped
virtual notes
virtual relayout
virtual json
virtual modernize

@initialize:python@
@@
import os
import sys
sys.dont_write_bytecode = True
# The analysis is beside this file, or in ../cocci where make wrote the
# copy of it that names the macro file (build/batch.cocci).
here = os.path.dirname(os.path.abspath(cocci.cocci_file))
if not os.path.exists(os.path.join(here, 'analysis.py')):
	here = os.path.join(os.path.dirname(here), 'cocci')
sys.path.insert(0, here)
from analysis import Analysis, say_finished
analysis = Analysis(cocci)
coccinelle.findings = []

@script:python depends on scoped@
@@
analysis.scoped = True

@script:python depends on notes@
@@
analysis.notes = True

@script:python depends on json@
@@
analysis.json = True

@script:python depends on modernize@
@@
analysis.modernize = True

@script:python depends on patch@
@@
analysis.patching = True

// -D relayout: relayout.py (beside this file) lays the patched file out, and
// can put a loop in a scoped block (-D scoped); without it loops are
// written in the classic style.
@script:python depends on relayout@
@@
analysis.relayout = True

// ---- facts -----------------------------------------------------------------

@access@
identifier acc = {put_user, __put_user, get_user, __get_user, __put_user_inatomic, __get_user_inatomic}; // model: access
expression e, E;
position p;
@@
acc@p(e, E)

@script:python@
p << access.p;
@@
analysis.note_access(p[0])

// A classic region's begin: -D modernize makes the region a scoped
// block (scoping.py, beside this file).
@begin depends on modernize@
identifier b = {user_access_begin, user_write_access_begin, user_read_access_begin, __user_access_begin}; // model: begin
expression list es;
position p;
@@
b@p(es)

@script:python@
p << begin.p;
@@
analysis.note_begin(p[0])

// A copy of a whole local object: a struct whose few members one region
// could read or write instead (batch-copy-fields, a note).
@copy_from depends on notes@
identifier cp = {copy_from_user, __copy_from_user}; // model: copy read
identifier x;
expression u, n;
position p;
@@
cp@p(&x, u, n)

@copy_to depends on notes@
identifier cp = {copy_to_user, __copy_to_user}; // model: copy write
identifier x;
expression u, n;
position p;
@@
cp@p(u, &x, n)

@script:python@
p << copy_from.p;
@@
analysis.note_copy(p[0])

@script:python@
p << copy_to.p;
@@
analysis.note_copy(p[0])

// A loop bound of an unsigned type: a region of that many elements fails
// its check only where the loop would have faulted.
@bound@
typedef u8, u16, u32, u64, __u8, __u16, __u32, __u64;
{unsigned char, unsigned short, unsigned int, unsigned long, unsigned long long,
 u8, u16, u32, u64, __u8, __u16, __u32, __u64, size_t} n;
identifier i;
expression step;
statement S;
position pb;
@@
for (i = 0; i < n@pb; step) S

@script:python@
pb << bound.pb;
@@
analysis.note_unsigned(pb[0])

// Every file Coccinelle is given, even where it found no access: a
// function it could not parse is said, not passed over.
@script:python@
@@
analysis.note_files(cocci.files())

@script:python depends on patch@
@@
analysis.say_unparsed()

// ---- reports ---------------------------------------------------------------

@script:python depends on report@
@@
coccinelle.findings.extend(analysis.report(analysis.notes))

// org mode lists what report mode prints (the notes with -D notes).
@script:python depends on org@
@@
coccinelle.findings.extend(analysis.report(analysis.notes, org=True))

@star depends on context@
identifier acc = {put_user, __put_user, get_user, __get_user, __put_user_inatomic, __get_user_inatomic}; // model: access
expression e, E;
position p;
@@
acc@p(e, E)

@script:python@
p << star.p;
@@
if not analysis.reported(p[0]):
	cocci.include_match(False)

@depends on context@
identifier star.acc;
expression star.e, star.E;
position star.p;
@@
* acc@p(e, E)

@finalize:python depends on report || org@
findings << merge.findings;
@@
for f in sorted(set(sum(findings, []))):
	print(f[2])

// ---- the rewrite -----------------------------------------------------------
// One rule makes every edit the analysis planned, by the position of the
// statement it edits: a later rule would see the code reparsed, where the
// positions no longer are the file's.  The statements come in slots; one
// with nothing to say holds a placeholder, removed last.  A statement
// that is the body of a loop is replaced by exactly one (position one):
// more would get braces.

@edit depends on patch@
expression C, E, E1, E2, E3;
statement S, S1;
type T;
identifier x, L;
position p;
@@
(
if (C@p) S
|
if (C@p) S else S1
|
T x@p;
|
T x@p = E;
|
E@p;
|
return@p ...;
|
L@p:
|
for (E1@p; E2; E3) S
|
for (; E2@p; E3) S
)

@script:python texts@
p << edit.p;
one; many; gone; opened; returned;
s1; s2; s3; s4; s5; s6; s7; s8; s9; s10; s11; s12;
@@
if not analysis.edit(coccinelle, p[0]):
	cocci.include_match(False)

@depends on patch@
expression C, E, E1, E2, E3;
statement S;
type T;
identifier x, L;
statement S1;
position texts.one, texts.many, texts.gone, texts.opened, texts.returned;
statement texts.s1, texts.s2, texts.s3, texts.s4, texts.s5, texts.s6,
	  texts.s7, texts.s8, texts.s9, texts.s10, texts.s11, texts.s12;
@@
(
- if (C@one) S
+ s1
|
- if (C@many) S
+ s1
+ s2
+ s3
+ s4
+ s5
+ s6
+ s7
+ s8
+ s9
+ s10
+ s11
+ s12
|
- if (C@many) S else S1
+ s1
|
+ s1
- if (C@opened) {
  ...
- } else S1
|
- T x@many;
+ s1
|
- T x@many = E;
+ s1
|
- E@many;
+ s1
+ s2
+ s3
+ s4
+ s5
+ s6
+ s7
+ s8
+ s9
+ s10
+ s11
+ s12
|
- return@returned ...;
+ s1
+ s2
+ s3
+ s4
+ s5
+ s6
+ s7
+ s8
+ s9
+ s10
+ s11
+ s12
|
  return@many ...;
+ s1
+ s2
+ s3
+ s4
+ s5
+ s6
+ s7
+ s8
+ s9
+ s10
+ s11
+ s12
|
+ s1
+ s2
+ s3
+ s4
+ s5
+ s6
+ s7
+ s8
+ s9
+ s10
+ s11
+ s12
  L@many:
|
- L@gone:
|
+ s1
+ s2
  for (E1@many; E2; E3) S
+ s3
+ s4
|
+ s1
+ s2
  for (; E2@many; E3) S
+ s3
+ s4
)

@depends on patch@
iterator name scoped_user_write_access, scoped_user_write_access_size;
iterator name scoped_user_read_access, scoped_user_read_access_size;
iterator name scoped_user_rw_access, scoped_user_rw_access_size;
@@
- uabatch_placeholder();

// Last: the rule went through to its end on this file.  A file Coccinelle
// gave up on (its time-out, an error) is not said, and so not analysed.
@script:python@
@@
say_finished(cocci.files())
