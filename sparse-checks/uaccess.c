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
 * access lands; this file runs the walk on each function and on the
 * inline functions they call, and prints the findings.
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

static void check_function(struct symbol *sym, struct statement *body,
			   struct states *entry)
{
	struct states st;
	struct ctx c = { .sink = { report, c.fn_name }, .fn = sym, .body = body };
	unsigned long opens = file_stats.opens;
	int pass, i;

	snprintf(c.fn_name, sizeof(c.fn_name), "%s", show_ident(sym->ident));
	file_stats.functions++;
	for (pass = 0; pass < 2; pass++) {
		c.pass = pass;
		st = *entry;
		c.nr_opens = 0;
		memset(&c.checks, 0, sizeof(c.checks));
		c.nr_events = 0;
		walk_stmt(&c, body, &st);
		check_leak(&c, sym->pos, &st);
		/*
		 * Most functions meet no primitive: with no region at the
		 * entry, the last pass would find nothing either.
		 */
		if (!c.nr_events && all_closed(entry))
			break;
	}
	if (file_stats.opens > opens)
		file_stats.analysed++;
	for (i = 0; i < c.nr_opens; i++) {
		struct instance *open = c.opens[i];
		struct ident *ptr = evaluated_ptr(open);

		region_verify(&c.sink, &open->pos, &c.checks, stream_name(sym->pos.stream),
			      open->api->name, ptr, ptr ? show_ident(ptr) : NULL);
	}
	qsort(c.findings, c.nr_findings, sizeof(*c.findings), cmp_finding);
	for (i = 0; i < c.nr_findings; i++) {
		struct finding *f = &c.findings[i];
		struct region_finding rf = {
			stream_name(f->pos.stream), f->pos.line, f->pos.pos,
			f->id, c.fn_name, f->msg, "sparse",
		};

		region_print(stderr, &rf);
		nr_findings++;
	}
	free(c.findings);
	table_free(&c.labels, free);
}

/*
 * Sparse keeps inline definitions out of the file's symbol list: the ones
 * called from an analysed function are queued and analysed in turn
 * (fs/select.c get_sigset_argpack(), epoll_put_uevent() in a header).
 */
struct queued {
	struct symbol *sym;
	struct states entry;
	struct queued *next;
};
static struct queued *inline_queue;

/* What an inline helper was queued with, over all its calls so far. */
struct seen {
	struct states entry;
	struct queued *pending;		/* queued, not analysed yet */
};
static struct table seen_helpers;

static struct seen *seen_of(struct symbol *sym)
{
	void **seen = table_value(&seen_helpers, (unsigned long)sym);

	if (!*seen && !(*seen = calloc(1, sizeof(struct seen))))
		die("sparse-uaccess: out of memory");
	return *seen;
}

/*
 * An inline helper called with a region open (__unsafe_setup_sigcontext(),
 * do_strncpy_from_user()) continues its caller's region: it is analysed
 * from the states of all its calls (sstep.c's __read_mem_aligned() is
 * called in a scope and where is_kernel_addr() held); a call that brings
 * states the analysis already had adds nothing.
 */
void queue_inline(struct symbol *sym, struct states *st)
{
	struct symbol *base;
	struct states fresh = { 0 };
	struct queued *q;
	struct seen *seen;
	int i, j;

	if (sym && sym->definition)
		sym = sym->definition;	/* not the prototype */
	if (!sym || !(sym->ctype.modifiers & MOD_INLINE))
		return;
	base = sym->ctype.base_type;
	if (!base || (!base->stmt && !base->inline_stmt))
		return;
	/* A call no state reaches (in 'if (0)') tells nothing of its region. */
	if (!st->n || !stream_uses_model(sym->pos.stream))
		return;
	seen = seen_of(sym);
	for (i = 0; i < st->n; i++) {
		struct region_state s = st->s[i];

		if (s.bits & REGION_OPEN)
			s.flags |= REGION_INHERITED;
		for (j = 0; j < seen->entry.n; j++)
			if (region_same(&seen->entry.s[j], &s))
				break;
		/* (past MAX_STATES, a state is dropped: no queueing for ever) */
		if (j == seen->entry.n && j < MAX_STATES) {
			add_state(&seen->entry, s);
			add_state(&fresh, s);
		}
	}
	if (!fresh.n)
		return;
	if (seen->pending) {
		join(&seen->pending->entry, &fresh);
		return;
	}
	q = calloc(1, sizeof(*q));
	q->sym = sym;
	q->entry = fresh;
	q->next = inline_queue;
	inline_queue = q;
	seen->pending = q;
}

static void check_symbol(struct symbol *sym, struct states *entry)
{
	struct states callers = { 1, { region_callers_state } };
	struct symbol *base = sym->ctype.base_type;
	struct statement *body;

	if (!base || base->type != SYM_FN || !sym->ident)
		return;
	/* the template of an inline function is unevaluated but walkable */
	body = base->stmt ? base->stmt : base->inline_stmt;
	if (!body ||
	    region_implements_api(show_ident(sym->ident), stream_name(sym->pos.stream)))
		return;
	if (region_starts_in_callers(show_ident(sym->ident)) && all_closed(entry))
		entry = &callers;
	check_function(sym, body, entry);
}

/* The functions of @file, its symbols @list, checked. */
void uaccess_check_symbols(const char *file, struct symbol_list *list)
{
	struct states closed = { 1, { closed_state } };
	struct symbol *sym;
	struct queued *q;

	FOR_EACH_PTR(list, sym) {
		check_symbol(sym, &closed);
	} END_FOR_EACH_PTR(sym);
	while ((q = inline_queue)) {
		inline_queue = q->next;
		seen_of(q->sym)->pending = NULL;
		check_symbol(q->sym, &q->entry);
		free(q);
	}
	if (show_stats) {
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
