// SPDX-License-Identifier: GPL-2.0-only OR BSD-3-Clause
/*
 * debugfs secmon/call: write "TABLE OP [name=value ...]" to make a call
 * that a call table describes, read the outcome of the last one (its
 * results by name, the registers sent and received, or what was wrong
 * with the request).
 */
#include <linux/debugfs.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/string.h>
#include "secmon-internal.h"

#define RESULT_MAX 1024
#define CALL_MAX 512

static char result[RESULT_MAX];	/* under secmon.lock */
static size_t result_len;

static __printf(1, 2) void say(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	result_len += vscnprintf(result + result_len, sizeof(result) - result_len, fmt, ap);
	va_end(ap);
}

/* Does `op` name the parameter `name` in any of its calls or memory words? */
static bool takes(const struct secmon_calltab *t, const struct secmon_ct_op *op, const char *name)
{
	return secmon_calltab_op_takes(t, op, name);
}

/* The op's parameters (names from the table) and results, for messages. */
static void say_names(const struct secmon_calltab *t, const struct secmon_ct_op *op, bool results)
{
	unsigned int k, j, n = 0;

	for (k = 0; !results && k < op->nwords; k++)
		if (t->words[op->first_word + k].name)
			say("%s%s", n++ ? " " : "", t->words[op->first_word + k].name);
	for (k = 0; k < op->ncalls; k++) {
		const struct secmon_ct_call *c = &t->calls[op->first_call + k];
		unsigned int first = c->first + (results ? c->nargs : 0);
		unsigned int cnt = results ? c->nresults : c->nargs;

		for (j = 0; j < cnt; j++)
			if (t->regs[first + j].name)
				say("%s%s", n++ ? " " : "", t->regs[first + j].name);
	}
	if (!n)
		say("nothing");
}

/* Does a call of `op` put the parameter `name` in a 32-bit register? */
static bool takes_narrow(const struct secmon_handle *h, const struct secmon_ct_op *op,
			 const char *name)
{
	const struct secmon_calltab *t = &h->svc.t;
	unsigned int k, j;

	for (k = 0; k < op->ncalls; k++) {
		const struct secmon_ct_call *c = &t->calls[op->first_call + k];
		bool wide = c->native ? !h->svc.c->aarch32 : c->smc64;

		for (j = 0; j < c->nargs && !wide; j++) {
			const char *n = t->regs[c->first + j].name;

			if (n && !strcmp(n, name))
				return true;
		}
	}
	return false;
}

/* A value as documented: decimal, or hexadecimal after "0x"; nothing else. */
static int parse_value(const char *s, u64 *v)
{
	bool hex = s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
	const char *digits = hex ? s + 2 : s;
	size_t n = strspn(digits, hex ? "0123456789abcdefABCDEF" : "0123456789");

	if (!n || digits[n] || (!hex && s[0] == '0' && s[1]))
		return -EINVAL;
	return kstrtou64(digits, hex ? 16 : 10, v);
}

static bool is_val(const struct secmon_ct_val *v, unsigned int n, const char *name)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		if (!strcmp(v[i].name, name))
			return true;
	return false;
}

/* The next non-empty word of *line, or NULL. */
static char *next_token(char **line)
{
	char *tok;

	while ((tok = strsep(line, " \t\n")))
		if (*tok)
			return tok;
	return NULL;
}

/*
 * Parses and makes one call; returns 0, or the errno of a malformed
 * request. The outcome of the call itself goes to the result.
 */
static int do_call(char *line)
{
	/* Under secmon.lock, as the result is: off the (small) kernel stack. */
	static struct secmon_ct_val in[SECMON_MAX_ARGS], out[SECMON_MAX_ARGS];
	static struct secmon_regs sent, received;
	const struct secmon_ct_op *op;
	struct secmon_handle *h;
	const struct secmon_calltab *t;
	unsigned int nin = 0, nout = 0, k, j, last;
	char *tok, *table, *opname;
	int e;

	table = next_token(&line);
	opname = next_token(&line);
	if (!table || !opname) {
		say("error: write \"TABLE OP [name=value ...]\"\n");
		return -EINVAL;
	}
	h = secmon_find(table);
	if (!h) {
		say("%s %s\nerror: no call table named \"%s\" (see tables)\n", table, opname,
		    table);
		return -ENOENT;
	}
	say("%s %s", h->name, opname);
	t = &h->svc.t;
	op = secmon_calltab_op(t, opname);
	if (!op) {
		say("\nerror: %s has no operation \"%s\"; it has:", h->name, opname);
		for (k = 0; k < t->nops; k++)
			say(" %s", t->ops[k].name);
		say("\n");
		return -ENOENT;
	}
	if (!secmon_calltab_op_usable(t, op, h->svc.c)) {
		say("\nerror: %s is an SMC64 call, which an AArch32 kernel cannot make\n", op->name);
		return -EOPNOTSUPP;
	}
	while ((tok = next_token(&line))) {
		char *eq = strchr(tok, '=');
		u64 v;

		say(" %s", tok);
		if (!eq || eq == tok) {
			say("\nerror: \"%s\" is not name=value\n", tok);
			return -EINVAL;
		}
		*eq = '\0';
		if (parse_value(eq + 1, &v)) {
			say("\nerror: the value of %s is not a number (decimal, or 0x and hexadecimal digits)\n",
			    tok);
			return -EINVAL;
		}
		if (!takes(t, op, tok)) {
			say("\nerror: %s takes no argument \"%s\"; it takes: ", op->name, tok);
			say_names(t, op, false);
			say("\n");
			return -EINVAL;
		}
		if (is_val(in, nin, tok)) {
			say("\nerror: argument %s given twice\n", tok);
			return -EINVAL;
		}
		if (v > U32_MAX && takes_narrow(h, op, tok)) {
			say("\nerror: the value of %s does not fit its 32-bit register (%s is SMC32)\n",
			    tok, op->name);
			return -EINVAL;
		}
		if (nin == SECMON_MAX_ARGS) {
			say("\nerror: more than %d arguments\n", SECMON_MAX_ARGS);
			return -E2BIG;
		}
		in[nin++] = (struct secmon_ct_val){ .name = tok, .value = v };
	}
	/* Every parameter must be given; results are collected by name. */
	for (k = 0; k < op->nwords; k++) {
		const char *n = t->words[op->first_word + k].name;

		if (n && !is_val(in, nin, n)) {
			say("\nerror: missing argument %s; %s takes: ", n, op->name);
			say_names(t, op, false);
			say("\n");
			return -EINVAL;
		}
	}
	for (k = 0; k < op->ncalls; k++) {
		const struct secmon_ct_call *c = &t->calls[op->first_call + k];

		for (j = 0; j < c->nargs + c->nresults; j++) {
			const char *n = t->regs[c->first + j].name;

			if (!n)
				continue;
			if (j < c->nargs && !is_val(in, nin, n)) {
				say("\nerror: missing argument %s; %s takes: ", n, op->name);
				say_names(t, op, false);
				say("\n");
				return -EINVAL;
			}
			if (j >= c->nargs && !is_val(out, nout, n) && nout < SECMON_MAX_ARGS)
				out[nout++] = (struct secmon_ct_val){ .name = n };
		}
	}
	memset(&sent, 0, sizeof(sent));
	memset(&received, 0, sizeof(received));
	e = secmon_call_regs(h, op, in, nin, out, nout, &sent, &received);
	say(" -> %d (%s)", secmon_to_errno(e), secmon_strerror(e));
	/* SMC_UNK leaves the results unread: the registers below tell. */
	if (e != SECMON_E_NOT_SUPPORTED)
		for (k = 0; k < nout; k++)
			say(" %s=%#llx", out[k].name, out[k].value);
	last = 0;
	for (j = 1; j < SECMON_NREGS; j++)
		if (sent.x[j])
			last = j;
	say("\n  sent");
	for (j = 0; j <= last; j++)
		say(" x%u=%#llx", j, sent.x[j]);
	say("\n  received");
	for (j = 0; j < 4; j++)
		say(" x%u=%#llx", j, received.x[j]);
	say("\n");
	return 0;
}

static ssize_t call_write(struct file *file, const char __user *ubuf, size_t len, loff_t *pos)
{
	char *buf;
	int e;

	if (len >= CALL_MAX)
		return -E2BIG;
	buf = memdup_user_nul(ubuf, len);
	if (IS_ERR(buf))
		return PTR_ERR(buf);
	mutex_lock(&secmon.lock);
	result_len = 0;
	result[0] = '\0';
	if (strlen(buf) != len) {
		say("error: the request holds a NUL byte (at offset %zu)\n", strlen(buf));
		e = -EINVAL;
	} else {
		e = do_call(strim(buf));
	}
	mutex_unlock(&secmon.lock);
	kfree(buf);
	return e ? e : len;
}

static ssize_t call_read(struct file *file, char __user *ubuf, size_t len, loff_t *pos)
{
	ssize_t n;

	mutex_lock(&secmon.lock);
	n = simple_read_from_buffer(ubuf, len, pos, result, result_len);
	mutex_unlock(&secmon.lock);
	return n;
}

static const struct file_operations call_fops = {
	.owner = THIS_MODULE,
	.open = simple_open,
	.read = call_read,
	.write = call_write,
	.llseek = default_llseek,
};

void secmon_call_debugfs_init(struct dentry *dir)
{
	debugfs_create_file("call", 0600, dir, NULL, &call_fops);
}
