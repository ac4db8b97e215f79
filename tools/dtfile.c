// SPDX-License-Identifier: BSD-3-Clause
/*
 * A device tree from the command line: a DTB as it is, or a .dts compiled
 * by running dtc with the source's directory on the include path (so that
 * /include/ "x.dtsi" finds its neighbours). The C preprocessor is not run.
 */
#include <errno.h>
#include <libfdt.h>
#include <poll.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli.h"
#include "dt.h"

#define MAX_DT_SIZE (16u << 20)
#define FDT_MAGIC_BYTES "\xd0\x0d\xfe\xed"

extern char **environ;

/* Appends up to n bytes to a growing buffer; false when it would exceed max. */
static bool append(char **buf, size_t *len, size_t *cap, const char *data, size_t n,
		   size_t max)
{
	if (*len + n > max)
		return false;
	if (*len + n + 1 > *cap) {
		size_t c = *cap ? *cap : 4096;
		char *p;

		while (c < *len + n + 1)
			c *= 2;
		p = realloc(*buf, c);
		if (!p)
			return false;
		*buf = p;
		*cap = c;
	}
	memcpy(*buf + *len, data, n);
	*len += n;
	(*buf)[*len] = '\0';
	return true;
}

static int read_file(const char *cmd, const char *path, char **buf, size_t *len)
{
	FILE *f = fopen(path, "rb");
	size_t cap = 0, n;
	char chunk[8192];
	int err;

	*buf = 0;
	*len = 0;
	if (!f)
		return cli_bad_input(cmd, "%s: cannot open it: %s", path, strerror(errno));
	while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0) {
		if (!append(buf, len, &cap, chunk, n, MAX_DT_SIZE)) {
			fclose(f);
			return cli_bad_input(cmd, "%s: larger than %u MiB: not a device tree",
					     path, MAX_DT_SIZE >> 20);
		}
	}
	err = ferror(f);
	fclose(f);
	if (err)
		return cli_bad_input(cmd, "%s: cannot read it", path);
	if (!*buf && !append(buf, len, &cap, "", 0, MAX_DT_SIZE))
		return cli_fail(cmd, "out of memory");
	return 0;
}

static bool ends_with(const char *s, const char *suffix)
{
	size_t a = strlen(s), b = strlen(suffix);

	return a >= b && !strcmp(s + a - b, suffix);
}

/* The program to run as dtc: $SECMON_DTC, else "dtc" on the PATH. */
static const char *dtc_program(void)
{
	const char *p = getenv("SECMON_DTC");

	return p && *p ? p : "dtc";
}

/* Prints dtc's messages, each line indented, after the caller's own line. */
static void show_messages(const char *msgs)
{
	const char *p = msgs;

	while (p && *p) {
		const char *nl = strchr(p, '\n');
		int n = nl ? (int)(nl - p) : (int)strlen(p);

		fprintf(stderr, "  %.*s\n", n, p);
		p = nl ? nl + 1 : 0;
	}
}

/*
 * Runs dtc on `path`: its stdout (the DTB) into *out, its stderr into
 * *msgs. Returns 0, or an exit status after printing why.
 */
static int run_dtc(const char *cmd, const char *path, char **out, size_t *outlen, char **msgs)
{
	const char *prog = dtc_program();
	char *dir = strdup(path), *slash;
	char *argv[12];
	int outp[2] = { -1, -1 }, errp[2] = { -1, -1 }, status, rc = 0;
	size_t outcap = 0, msgcap = 0, msglen = 0;
	posix_spawn_file_actions_t fa;
	struct pollfd pf[2];
	pid_t pid;

	*out = 0;
	*outlen = 0;
	*msgs = 0;
	if (!dir)
		return cli_fail(cmd, "out of memory");
	slash = strrchr(dir, '/');
	if (!slash)
		strcpy(dir, ".");
	else if (slash == dir)
		slash[1] = '\0';
	else
		*slash = '\0';
	argv[0] = (char *)prog;
	argv[1] = "-q";
	argv[2] = "-I";
	argv[3] = "dts";
	argv[4] = "-O";
	argv[5] = "dtb";
	argv[6] = "-i";
	argv[7] = dir;
	argv[8] = "--";
	argv[9] = (char *)path;
	argv[10] = 0;
	if (pipe(outp) || pipe(errp)) {
		rc = cli_fail(cmd, "cannot run %s: %s", prog, strerror(errno));
		goto done;
	}
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", 0, 0);
	posix_spawn_file_actions_adddup2(&fa, outp[1], 1);
	posix_spawn_file_actions_adddup2(&fa, errp[1], 2);
	posix_spawn_file_actions_addclose(&fa, outp[0]);
	posix_spawn_file_actions_addclose(&fa, errp[0]);
	status = posix_spawnp(&pid, prog, &fa, 0, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	close(outp[1]);
	close(errp[1]);
	outp[1] = errp[1] = -1;
	if (status) {
		rc = cli_fail(cmd, "%s: cannot run %s to compile it: %s (install Debian's "
				   "device-tree-compiler, or set SECMON_DTC)",
			      path, prog, strerror(status));
		goto done;
	}
	pf[0] = (struct pollfd){ .fd = outp[0], .events = POLLIN };
	pf[1] = (struct pollfd){ .fd = errp[0], .events = POLLIN };
	while (pf[0].fd >= 0 || pf[1].fd >= 0) {
		char chunk[8192];
		ssize_t n;

		if (poll(pf, 2, -1) < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		for (int i = 0; i < 2; i++) {
			if (pf[i].fd < 0 || !pf[i].revents)
				continue;
			n = read(pf[i].fd, chunk, sizeof(chunk));
			if (n < 0 && errno == EINTR)
				continue;
			if (n <= 0) {
				pf[i].fd = -1;
				continue;
			}
			/* Output past the limit is dropped; the size check below says so. */
			if (i == 0 && !append(out, outlen, &outcap, chunk, (size_t)n, MAX_DT_SIZE))
				*outlen = MAX_DT_SIZE + 1u;
			if (i == 1)
				append(msgs, &msglen, &msgcap, chunk, (size_t)n, 65536);
		}
	}
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (!WIFEXITED(status)) {
		rc = cli_fail(cmd, "%s: %s died compiling it", path, prog);
	} else if (WEXITSTATUS(status) != 0) {
		rc = cli_bad_input(cmd, "%s: %s could not compile it:", path, prog);
		show_messages(*msgs);
	} else if (*outlen > MAX_DT_SIZE) {
		rc = cli_bad_input(cmd, "%s: the compiled DTB is larger than %u MiB", path,
				   MAX_DT_SIZE >> 20);
	}
done:
	for (int i = 0; i < 2; i++) {
		if (outp[i] >= 0)
			close(outp[i]);
		if (errp[i] >= 0)
			close(errp[i]);
	}
	free(dir);
	return rc;
}

int dtfile_load(const char *cmd, const char *path, struct dtfile *f)
{
	char *msgs = 0;
	int rc, err;

	memset(f, 0, sizeof(*f));
	f->path = path;
	rc = read_file(cmd, path, &f->fdt, &f->size);
	if (rc) {
		dtfile_free(f);
		return rc;
	}
	if (f->size < 4 || memcmp(f->fdt, FDT_MAGIC_BYTES, 4) != 0) {
		if (!ends_with(path, ".dts")) {
			dtfile_free(f);
			return cli_bad_input(cmd, "%s: neither a DTB (no 0xd00dfeed magic) nor "
						  "a .dts source",
					     path);
		}
		free(f->fdt);
		f->fdt = 0;
		rc = run_dtc(cmd, path, &f->fdt, &f->size, &msgs);
		free(msgs);
		if (rc) {
			dtfile_free(f);
			return rc;
		}
		f->compiled = true;
	}
	err = f->size >= sizeof(struct fdt_header) ? fdt_check_header(f->fdt) : -FDT_ERR_TRUNCATED;
	if (!err && fdt_totalsize(f->fdt) > f->size)
		err = -FDT_ERR_TRUNCATED;
	if (err) {
		rc = cli_bad_input(cmd, "%s: not a valid DTB: %s", path, fdt_strerror(err));
		dtfile_free(f);
		return rc;
	}
	if (secmon_dt_check_structure(f->fdt, f->size) != SECMON_OK) {
		rc = cli_bad_input(cmd, "%s: not a valid DTB: its structure block cannot be walked "
				   "to its end", path);
		dtfile_free(f);
		return rc;
	}
	err = fdt_check_full(f->fdt, f->size);
	if (err) {
		rc = cli_bad_input(cmd, "%s: not a valid DTB: %s", path, fdt_strerror(err));
		dtfile_free(f);
		return rc;
	}
	return 0;
}

void dtfile_free(struct dtfile *f)
{
	free(f->fdt);
	f->fdt = 0;
	f->size = 0;
}
