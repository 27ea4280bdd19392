// SPDX-License-Identifier: GPL-2.0
/*
 * sparse-uaccess: user-access region checks on top of sparse.
 *
 * After expansion the region primitives are asm, inline functions and
 * do-while blocks that look alike on every architecture, so the checker
 * works from the macro the source wrote: the patched preprocessor reports
 * each expansion, every token of a macro body carries the position of its
 * invocation, and the arguments keep their own (sparse-uaccess.patch).
 * An AST node whose position is the invocation of a model macro
 * (build/uaccess_model.h) is that primitive; the macro's raw arguments
 * give its user pointer and size.  A model name that is a function
 * (stac(), clac()) is recognised at its call.
 *
 * Each function body is then walked once per pass (two passes, so that
 * backward gotos are seen) with the set of region states that can reach
 * each point: path-sensitive, a defect on one path is reported.  What a
 * primitive does to a state, and what is wrong with it, is the region
 * analysis the GCC plugin shares (../region/region.c): this front end
 * only finds the primitives in sparse's tree and walks it.
 *
 * macros.c records the primitives the preprocessor expands; walk.c walks
 * a body, calls.c tells what a call in a region is, places.c where an
 * access lands; this file runs the walk on each function and, where they
 * are called, on the inline functions they call, and prints the findings.
 */
#include "uaccess.h"

/* No path of @st has a region open or begun. */
static int all_closed(const struct states *st)
{
	int i;

	for (i = 0; i < st->n; i++)
		if (st->s[i].bits & ~REGION_CLOSED)
			return 0;
	return 1;
}

/* The file's findings, one per place and id: an inline helper's once. */
static struct finding *findings;
static int nr_file_findings, max_file_findings;
/* What was reported: under --uaccess-werror, an error the exit status tells. */
static int nr_findings;

/* The region analysis reports here. */
static void report(struct region_sink *sink, const void *where,
		   enum region_id id, const char *msg)
{
	struct ctx *c = (struct ctx *)sink;
	struct position pos = *(const struct position *)where;
	struct finding *f;
	int i;

	for (i = 0; i < nr_file_findings; i++)
		if (same_pos(findings[i].pos, pos) && findings[i].id == id)
			return;
	if (nr_file_findings == max_file_findings) {
		max_file_findings = max_file_findings * 2 + 8;
		findings = realloc(findings, max_file_findings * sizeof(*f));
		if (!findings)
			die("sparse-uaccess: out of memory");
	}
	f = &findings[nr_file_findings++];
	f->pos = pos;
	f->id = id;
	f->fn = c->fn;
	snprintf(f->msg, sizeof(f->msg), "%s", msg);
}

static int cmp_finding(const void *a, const void *b)
{
	const struct finding *x = a, *y = b;

	/* pos_key() orders by stream, line, column */
	if (pos_key(x->pos) != pos_key(y->pos))
		return pos_key(x->pos) < pos_key(y->pos) ? -1 : 1;
	return strcmp(region_ids[x->id], region_ids[y->id]);
}

/* The file's findings, in the order of their places; how many. */
static int print_findings(void)
{
	int i, n = nr_file_findings;

	qsort(findings, n, sizeof(*findings), cmp_finding);
	for (i = 0; i < n; i++) {
		struct finding *f = &findings[i];
		struct region_finding rf = {
			stream_name(f->pos.stream), f->pos.line, f->pos.pos,
			f->id, show_ident(f->fn->ident), f->msg, "sparse",
		};

		region_print(stderr, &rf);
	}
	nr_file_findings = 0;
	return n;
}

/* Where an inline helper is walked from, as check_function() is told. */
struct inline_call {
	int depth;			/* of helpers walked into, this one too */
	int scopes;			/* scoped blocks its call is in */
	int quiet;			/* the caller's pass says nothing */
};

/*
 * The body of @sym walked from the states @entry, twice so that backward
 * gotos are seen, the last pass reporting; for an inline helper's @call,
 * @entry is left the states at its returns, for its caller to go on from.
 * How many primitives the last pass met.
 */
static int check_function(struct symbol *sym, struct statement *body,
			   struct states *entry, const struct inline_call *call)
{
	struct states st, returns;
	struct ctx c = { .sink = { NULL, c.fn_name }, .fn = sym, .body = body };
	unsigned long opens = file_stats.opens;
	int pass, i;

	snprintf(c.fn_name, sizeof(c.fn_name), "%s", show_ident(sym->ident));
	if (call) {
		c.returns = &returns;
		c.depth = call->depth;
		c.scope_depth = c.caller_scopes = call->scopes;
	} else {
		file_stats.functions++;
	}
	for (pass = 0; pass < 2; pass++) {
		c.pass = pass && !(call && call->quiet);
		/* The last pass sees all the first did, and what it learnt. */
		c.sink.report = c.pass ? report : NULL;
		st = *entry;
		returns.n = 0;
		c.nr_opens = 0;
		memset(&c.checks, 0, sizeof(c.checks));
		c.nr_events = 0;
		walk_stmt(&c, body, &st);
		check_leak(&c, sym->pos, &st);
		join(&returns, &st);	/* off its end */
		/*
		 * Most functions meet no primitive: with no region at the
		 * entry, the last pass would find nothing either.
		 */
		if (!c.nr_events && all_closed(entry))
			break;
	}
	if (!call && file_stats.opens > opens)
		file_stats.analysed++;
	for (i = 0; i < c.nr_opens; i++) {
		struct instance *open = c.opens[i];
		struct ident *ptr = evaluated_ptr(open);

		region_verify(&c.sink, &open->pos, &c.checks, stream_name(sym->pos.stream),
			      open->api->name, ptr, ptr ? show_ident(ptr) : NULL);
	}
	table_free(&c.labels);
	if (call)
		*entry = returns;
	return c.nr_events;
}

/* How many primitives its analysis met; -1: it is not analysed. */
static int check_symbol(struct symbol *sym, struct states *entry,
			const struct inline_call *call)
{
	struct states callers = { 1, { region_callers_state } };
	struct symbol *base = sym->ctype.base_type;
	struct statement *body;

	if (!base || base->type != SYM_FN || !sym->ident ||
	    region_implements_api(show_ident(sym->ident), stream_name(sym->pos.stream)))
		return -1;
	body = evaluated_body(sym);
	if (!body)
		return -1;
	if (region_starts_in_callers(show_ident(sym->ident)) && all_closed(entry))
		*entry = callers;
	return check_function(sym, body, entry, call);
}

#define MAX_INLINE_DEPTH 6

/*
 * Sparse keeps inline definitions out of the file's symbol list: an
 * inline helper is analysed where the walk of @c calls it, from the
 * states @st of the call, which it leaves as its returns do
 * (region_enter_helper()).
 */
void walk_inline(struct ctx *c, struct symbol *sym, struct states *st)
{
	struct inline_call call = { c->depth + 1, c->scope_depth, !c->pass };
	struct states entry = { 0 }, exits;
	const struct region_walk *done;
	struct region_walk w = { NULL, !call.quiet };
	int i;

	if (sym && sym->definition)
		sym = sym->definition;	/* not the prototype */
	/* A call no state reaches (in 'if (0)') tells nothing of its region. */
	if (!sym || !(sym->ctype.modifiers & MOD_INLINE) || !st->n ||
	    c->depth >= MAX_INLINE_DEPTH || !stream_uses_model(sym->pos.stream))
		return;
	for (i = 0; i < st->n; i++) {
		struct region_state s = st->s[i];

		region_enter_helper(&s);
		add_state(&entry, s);
	}
	done = region_walk_done(sym, entry.s, entry.n, !call.quiet);
	if (!done) {
		w.fn = sym;
		exits = entry;
		w.events = check_symbol(sym, &exits, &call);
		if (w.events < 0)
			exits = *st;
		w.n_entry = entry.n;
		w.n_exit = exits.n;
		memcpy(w.entry, entry.s, sizeof(w.entry));
		memcpy(w.exit, exits.s, sizeof(w.exit));
		region_walk_add(&w);
		done = &w;
	}
	st->n = done->n_exit;
	memcpy(st->s, done->exit, sizeof(st->s));
	/* so that its caller's last pass walks it, to say what it found */
	c->nr_events += done->events > 0;
	for (i = 0; i < st->n; i++)
		region_leave_helper(&st->s[i], !c->depth);
}

/* The functions of @file, its symbols @list, checked. */
void uaccess_check_symbols(const char *file, struct symbol_list *list)
{
	struct states closed = { 1, { closed_state } };
	struct symbol *sym;

	FOR_EACH_PTR(list, sym) {
		struct states entry = closed;

		check_symbol(sym, &entry, NULL);
	} END_FOR_EACH_PTR(sym);
	nr_findings += print_findings();
	region_walks_forget();
	if (region_show_stats) {
		file_stats.path = file;
		region_print_stats(stderr, &file_stats);
		file_stats.functions = file_stats.analysed = file_stats.opens = 0;
	}
}

/* sparse-uaccess's exit status: 1 where --uaccess-werror made findings errors. */
int uaccess_status(void)
{
	return region_werror && nr_findings;
}
