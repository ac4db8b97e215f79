// SPDX-License-Identifier: GPL-2.0-only OR BSD-3-Clause
/*
 * secmon.ko: the board's secure-monitor ABI, read from its device tree by
 * the same library firmware and test kernels use (every file of lib/, built into this
 * module), for the kernel's drivers. This file: the conduits, errno mapping,
 * handles and services, SMCCC discovery, load and unload; the firmware
 * operations are in secmon-fwops.c.
 *
 * On load: the firmware operations come from the "secmon,call-table" node
 * (or the PSCI node), every other "secmon,call-table" node becomes a
 * service, and SMCCC discovery runs once. A broken node stops the load with
 * a message naming the node and property; so does a tree without any
 * "secmon,call-table" node (a plain PSCI board: the kernel's own PSCI
 * driver serves it) unless psci_only=1 is given.
 */
#include <linux/arm-smccc.h>
#include <linux/cpumask.h>
#include <linux/device.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/module.h>
#include <linux/of.h>
#include <linux/rculist.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/timekeeping.h>
#include <asm/virt.h>
#include <libfdt.h>
#include "secmon-internal.h"

struct secmon_state secmon;

static bool psci_only;
module_param(psci_only, bool, 0444);
MODULE_PARM_DESC(psci_only,
		 "load on a device tree without any \"secmon,call-table\" node, with the firmware operations over PSCI");

static bool smccc_smc;
module_param(smccc_smc, bool, 0444);
MODULE_PARM_DESC(smccc_smc,
		 "probe SMCCC (discovery, the firmware's trace) by SMC when neither the kernel nor the description gives a conduit: a legacy table whose firmware also speaks SMCCC");

/* --- Conduits ------------------------------------------------------------ */

#ifdef CONFIG_ARM64
/*
 * x0-x17 in and out, as SMCCC 1.2 passes them. The kernel's register block
 * and the library's are the same 18 64-bit words: no copy on the stack.
 */
static_assert(sizeof(struct arm_smccc_1_2_regs) == sizeof(struct secmon_regs));
static_assert(offsetof(struct arm_smccc_1_2_regs, a17) == offsetof(struct secmon_regs, x[17]));

static void trap(const struct secmon_regs *in, struct secmon_regs *out, bool hvc)
{
	const struct arm_smccc_1_2_regs *args = (const void *)in;
	struct arm_smccc_1_2_regs *res = (void *)out;

	if (hvc)
		arm_smccc_1_2_hvc(args, res);
	else
		arm_smccc_1_2_smc(args, res);
}
#else
/* r0-r7 and r12 in and out (secmon-a32.S); the rest of `out` is zero. */
void secmon_a32_smc(const struct secmon_regs *in, struct secmon_regs *out);
void secmon_a32_hvc(const struct secmon_regs *in, struct secmon_regs *out);

static void trap(const struct secmon_regs *in, struct secmon_regs *out, bool hvc)
{
	memset(out, 0, sizeof(*out));
	if (hvc)
		secmon_a32_hvc(in, out);
	else
		secmon_a32_smc(in, out);
}
#endif

/* Every call is traced. */
static void invoke(const struct secmon_conduit *c, const struct secmon_regs *in,
		   struct secmon_regs *out, bool hvc)
{
	u64 start, end;

	start = ktime_get_mono_fast_ns();
	trap(in, out, hvc);
	end = ktime_get_mono_fast_ns();
	secmon_calllog_add(c, in, out, start, end);
}

static void smc_invoke(const struct secmon_conduit *c, const struct secmon_regs *in,
		       struct secmon_regs *out)
{
	invoke(c, in, out, false);
}

/*
 * A kernel running at EL2 (VHE) has no HVC conduit to firmware: the HVC
 * would trap to the kernel itself. Tables with method "hvc" are refused at
 * load (conduits.hvc is NULL then); should a call get here anyway, it is
 * answered SMC_UNK without trapping.
 */
static void hvc_invoke(const struct secmon_conduit *c, const struct secmon_regs *in,
		       struct secmon_regs *out)
{
	if (is_kernel_in_hyp_mode()) {
		memset(out, 0, sizeof(*out));
		out->x[0] = SECMON_SMC_UNK64;
		pr_err_once("an HVC call refused: the kernel runs at EL2 (VHE), the HVC would trap to the kernel itself\n");
		return;
	}
	invoke(c, in, out, true);
}

/* The names the library's <secmon/conduit.h> declares, served by the kernel. */
const struct secmon_conduit secmon_conduit_smc = {
	.name = "smc", .invoke = smc_invoke, .aarch32 = IS_ENABLED(CONFIG_ARM),
};
const struct secmon_conduit secmon_conduit_hvc = {
	.name = "hvc", .invoke = hvc_invoke, .aarch32 = IS_ENABLED(CONFIG_ARM),
};

/* No hvc when the kernel runs at EL2 (secmon_init()). */
static struct secmon_conduits conduits = {
	.smc = &secmon_conduit_smc,
	.hvc = &secmon_conduit_hvc,
};

/* --- Errors -------------------------------------------------------------- */

int secmon_to_errno(int e)
{
	switch (e) {
	case SECMON_OK:
		return 0;
	case SECMON_E_NOT_SUPPORTED:
		return -EOPNOTSUPP;
	case SECMON_E_INVALID_PARAMETERS:
	case SECMON_E_BAD_TABLE:
		return -EINVAL;
	case SECMON_E_DENIED:
		return -EPERM;
	case SECMON_E_ALREADY_ON:
		return -EBUSY;
	case SECMON_E_ON_PENDING:
		return -EINPROGRESS;
	case SECMON_E_INTERNAL_FAILURE:
		return -EIO;
	case SECMON_E_NOT_PRESENT:
		return -ENODEV;
	case SECMON_E_DISABLED:
		return -ENXIO;
	case SECMON_E_INVALID_ADDRESS:
		return -EFAULT;
	case SECMON_E_NOT_REQUIRED:
		return -EALREADY;
	case SECMON_E_NO_ENTROPY:
		return -EAGAIN;
	case SECMON_E_BAD_ANSWER:
		return -EPROTO;
	case SECMON_E_NO_SPACE:
		return -ENOSPC;
	case SECMON_E_NOT_FOUND:
		return -ENOENT;
	default:
		return -EIO;
	}
}
EXPORT_SYMBOL_GPL(secmon_to_errno);

/* One line naming the node (full path), the property and what is wrong. */
static void report(const struct secmon_dt *dt, const struct secmon_ct_error *err, int e,
		   const char *what)
{
	char path[160];
	struct device_node *np;

	secmon_dt_error_path(dt, err, path, sizeof(path));
	np = conduits.hvc || strcmp(err->property, "method") ? NULL : of_find_node_by_path(path);
	if (np && of_property_match_string(np, "method", "hvc") >= 0) {
		pr_err("%s: property \"method\": \"hvc\", but the kernel runs at EL2 (VHE): an HVC would trap to the kernel itself, not reach the firmware; %s\n",
		       path, what);
		of_node_put(np);
		return;
	}
	of_node_put(np);
	if (err->property[0])
		pr_err("%s: property \"%s\": %s (%s); %s\n", path, err->property, err->message,
		       secmon_strerror(e), what);
	else
		pr_err("%s: %s (%s); %s\n", path, err->message, secmon_strerror(e), what);
}

/* --- Handles ------------------------------------------------------------- */

static struct secmon_handle *handle_alloc(struct secmon_dt *dt, bool own_dt, int off)
{
	struct secmon_handle *h = kzalloc(sizeof(*h), GFP_KERNEL);

	if (!h)
		return NULL;
	h->dt = dt;
	h->own_dt = own_dt;
	h->np = of_node_get(secmon_dt_node(dt, off));
	h->name = dt->nodes[off].name;
	atomic_set(&h->users, 0);
	INIT_LIST_HEAD(&h->list);
	return h;
}

static void handle_free(struct secmon_handle *h)
{
	of_node_put(h->np);
	if (h->own_dt)
		secmon_dt_free(h->dt);
	kfree(h);
}

/* Parses the service at `off` of `dt` and lists it. Caller holds the lock. */
static int add_service(struct secmon_dt *dt, bool own_dt, int off, const char *what,
		       struct secmon_handle **out)
{
	struct secmon_ct_error err;
	struct secmon_handle *h = handle_alloc(dt, own_dt, off);
	int e;

	if (!h) {
		if (own_dt)
			secmon_dt_free(dt);
		return -ENOMEM;
	}
	e = secmon_service_bind_node(&h->svc, dt, off, &conduits, &err);
	if (e) {
		report(dt, &err, e, what);
		handle_free(h);
		return secmon_to_errno(e);
	}
	list_add_tail_rcu(&h->list, &secmon.handles);
	if (out)
		*out = h;
	return 0;
}

static bool word_of(const char *name, const char *word)
{
	size_t n = strlen(word);

	while (name && *name) {
		const char *end = strchrnul(name, '-');
		const char *at = strchr(name, '@');

		if (at && at < end)
			end = at;
		if (end - name == n && !strncmp(name, word, n))
			return true;
		name = *end == '-' ? end + 1 : NULL;
	}
	return false;
}

static bool compatible_is(struct device_node *np, const char *name)
{
	struct property *prop;
	const char *s;

	of_property_for_each_string(np, "compatible", prop, s) {
		const char *comma = strchr(s, ',');

		if (!strcmp(s, name) || (comma && !strcmp(comma + 1, name)))
			return true;
	}
	return false;
}

/*
 * Handles are only ever added while secmon.ko is loaded (under secmon.lock,
 * with list_add_tail_rcu) and freed at unload, so the lookup needs no lock:
 * it runs in any context.
 */
static struct secmon_handle *find_rcu(const char *name)
{
	struct secmon_handle *h, *found = NULL;
	unsigned int n = 0;

	list_for_each_entry_rcu(h, &secmon.handles, list)
		if (!strcmp(h->name, name))
			return h;
	list_for_each_entry_rcu(h, &secmon.handles, list)
		if (compatible_is(h->np, name))
			return h;
	list_for_each_entry_rcu(h, &secmon.handles, list) {
		if (word_of(h->name, name)) {
			found = h;
			n++;
		}
	}
	return n == 1 ? found : NULL;
}

struct secmon_handle *secmon_find(const char *name)
{
	struct secmon_handle *h;

	if (!strcmp(name, "firmware") && secmon.fw)
		return secmon.fw;
	rcu_read_lock();
	h = find_rcu(name);
	rcu_read_unlock();
	return h;
}

struct secmon_handle *secmon_get(struct device_node *np)
{
	struct secmon_handle *h;
	struct secmon_dt *dt;
	int e;

	if (!np)
		return ERR_PTR(-EINVAL);
	mutex_lock(&secmon.lock);
	list_for_each_entry(h, &secmon.handles, list) {
		if (h->np == np) {
			atomic_inc(&h->users);
			mutex_unlock(&secmon.lock);
			return h;
		}
	}
	/* A node that was not there at load (an overlay): parse it now. */
	if (!of_device_is_compatible(np, "secmon,call-table")) {
		mutex_unlock(&secmon.lock);
		return ERR_PTR(-ENODEV);
	}
	dt = secmon_dt_build(np);
	e = dt ? add_service(dt, true, 0, "not binding", &h) : -ENOMEM;
	if (!e)
		atomic_inc(&h->users);
	mutex_unlock(&secmon.lock);
	return e ? ERR_PTR(e) : h;
}
EXPORT_SYMBOL_GPL(secmon_get);

struct secmon_handle *secmon_get_by_name(const char *name)
{
	struct secmon_handle *h;

	if (!name)
		return ERR_PTR(-EINVAL);
	h = secmon_find(name);
	if (h)
		atomic_inc(&h->users);
	return h ? h : ERR_PTR(-ENOENT);
}
EXPORT_SYMBOL_GPL(secmon_get_by_name);

/* Handles live as long as secmon.ko does (its users hold it by symbol). */
void secmon_put(struct secmon_handle *h)
{
	if (!IS_ERR_OR_NULL(h))
		atomic_dec(&h->users);
}
EXPORT_SYMBOL_GPL(secmon_put);

static void devm_put(void *h)
{
	secmon_put(h);
}

struct secmon_handle *devm_secmon_get(struct device *dev)
{
	struct secmon_handle *h = secmon_get(dev->of_node);
	int e;

	if (IS_ERR(h))
		return h;
	e = devm_add_action_or_reset(dev, devm_put, h);
	return e ? ERR_PTR(e) : h;
}
EXPORT_SYMBOL_GPL(devm_secmon_get);

const char *secmon_name(const struct secmon_handle *h)
{
	return IS_ERR_OR_NULL(h) ? NULL : h->name;
}
EXPORT_SYMBOL_GPL(secmon_name);

bool secmon_has(const struct secmon_handle *h, const char *op)
{
	return !IS_ERR_OR_NULL(h) && op && secmon_service_has(&h->svc, op);
}
EXPORT_SYMBOL_GPL(secmon_has);

int secmon_call_regs(const struct secmon_handle *h, const struct secmon_ct_op *op,
		     const struct secmon_ct_val *in, unsigned int nin, struct secmon_ct_val *out,
		     unsigned int nout, struct secmon_regs *sent, struct secmon_regs *received)
{
	int e = secmon_calltab_write_words(&h->svc.t, op, in, nin, &secmon_mem);

	return e ? e : secmon_calltab_call(h->svc.c, &h->svc.t, op, in, nin, out, nout, sent,
					   received);
}

/* The API's named values are the library's: passed on as they are. */
static_assert(sizeof(struct secmon_arg) == sizeof(struct secmon_ct_val));
static_assert(offsetof(struct secmon_arg, name) == offsetof(struct secmon_ct_val, name));
static_assert(offsetof(struct secmon_arg, value) == offsetof(struct secmon_ct_val, value));

int secmon_call(const struct secmon_handle *h, const char *op, const struct secmon_arg *in,
		unsigned int nin, struct secmon_arg *out, unsigned int nout)
{
	const struct secmon_ct_op *o;

	if (IS_ERR_OR_NULL(h) || !op || (nin && !in) || (nout && !out))
		return -EINVAL;
	if (nin > SECMON_MAX_ARGS || nout > SECMON_MAX_ARGS)
		return -E2BIG;
	o = secmon_calltab_op(&h->svc.t, op);
	if (!o)
		return -ENOENT;
	return secmon_to_errno(secmon_call_regs(h, o, (const struct secmon_ct_val *)in, nin,
						(struct secmon_ct_val *)out, nout, NULL, NULL));
}
EXPORT_SYMBOL_GPL(secmon_call);

int secmon_call_by_name(const char *service, const char *op, const struct secmon_arg *in,
			unsigned int nin, struct secmon_arg *out, unsigned int nout)
{
	struct secmon_handle *h = secmon_get_by_name(service);
	int e;

	if (IS_ERR(h))
		return PTR_ERR(h);
	e = secmon_call(h, op, in, nin, out, nout);
	secmon_put(h);
	return e;
}
EXPORT_SYMBOL_GPL(secmon_call_by_name);

/* --- SMCCC discovery ------------------------------------------------------ */

int secmon_discover(struct secmon_discovery *d)
{
	const struct secmon_fw_info *i = &secmon.info;

	if (!d)
		return -EINVAL;
	*d = (struct secmon_discovery){
		.conduit = secmon.disc ? secmon.disc->name : "none",
		.kernel_conduit = secmon.kernel_conduit,
		.psci_version = i->psci_version,
		.smccc_version = i->smccc_version,
		.has_soc_id = i->has_soc_id,
		.soc_id_version = i->soc_id.version,
		.soc_id_revision = i->soc_id.revision,
	};
	BUILD_BUG_ON(sizeof(d->soc_id_name) != sizeof(i->soc_id.name));
	if (i->has_soc_id && i->soc_id.has_name)
		memcpy(d->soc_id_name, i->soc_id.name, sizeof(d->soc_id_name));
	if (!secmon.disc)
		return -EOPNOTSUPP;
	return secmon_to_errno(secmon.disc_err);
}
EXPORT_SYMBOL_GPL(secmon_discover);

int secmon_arch_features(u32 fid, u32 *answer)
{
	uint32_t a;
	int e;

	if (!answer)
		return -EINVAL;
	/* SMCCC_ARCH_FEATURES exists from SMCCC 1.1 on. */
	if (!secmon.disc || secmon.info.smccc_version < SECMON_SMCCC_VERSION_1_1)
		return -EOPNOTSUPP;
	e = secmon_smccc_arch_features(secmon.disc, fid, &a);
	if (!e)
		*answer = a;
	return secmon_to_errno(e);
}
EXPORT_SYMBOL_GPL(secmon_arch_features);

/*
 * The kernel's own conduit when it has one (SMCCC 1.1 or later found by its
 * PSCI driver); else the firmware description's, when that speaks SMCCC.
 */
static void discover(void)
{
	switch (arm_smccc_1_1_get_conduit()) {
	case SMCCC_CONDUIT_SMC:
		secmon.disc = &secmon_conduit_smc;
		secmon.kernel_conduit = true;
		break;
	case SMCCC_CONDUIT_HVC:
		secmon.disc = &secmon_conduit_hvc;
		secmon.kernel_conduit = true;
		break;
	default:
		if (secmon.ops.backend == SECMON_FWOPS_PSCI ||
		    (secmon.ops.backend == SECMON_FWOPS_TABLE && !secmon.ops.t->legacy))
			secmon.disc = secmon.ops.c;
		else if (smccc_smc)
			secmon.disc = &secmon_conduit_smc;
		break;
	}
	secmon.info.smccc_version = SECMON_SMCCC_VERSION_1_0;
	if (secmon.disc)
		secmon.disc_err = secmon_probe(secmon.disc, &secmon.info);
}

/* --- Load and unload ------------------------------------------------------ */

static void free_handles(void)
{
	struct secmon_handle *h, *tmp;

	list_for_each_entry_safe(h, tmp, &secmon.handles, list) {
		list_del(&h->list);
		handle_free(h);
	}
	secmon.fw = NULL;
}

/* The firmware operations: from the call table or PSCI node. */
static int load_firmware(void)
{
	struct secmon_dt *dt = secmon.dt;
	struct secmon_handle *fw;
	struct secmon_ct_error err;
	int e, off;

	fw = handle_alloc(dt, false, 0);
	if (!fw)
		return -ENOMEM;
	e = secmon_fwops_init_dt(&secmon.ops, dt, &conduits, &fw->svc.t, &err);
	if (e) {
		report(dt, &err, e, "not loading");
		handle_free(fw);
		return secmon_to_errno(e);
	}
	if (secmon.ops.backend != SECMON_FWOPS_TABLE) {
		handle_free(fw);
		return 0;
	}
	/* The table's name points at its node's name in the snapshot. */
	for (off = 0; off < dt->count; off++)
		if (dt->nodes[off].name == fw->svc.t.path_name)
			break;
	if (off == dt->count) {
		handle_free(fw);
		return -EINVAL;
	}
	of_node_put(fw->np);
	fw->np = of_node_get(dt->nodes[off].np);
	fw->name = dt->nodes[off].name;
	fw->firmware = true;
	fw->svc.c = secmon.ops.c;
	fw->svc.node = off;
	e = secmon_firmware_map_words(&fw->svc.t);
	if (e) {
		handle_free(fw);
		return e;
	}
	secmon_fwops_set_mem(&secmon.ops, &secmon_mem);
	list_add_tail_rcu(&fw->list, &secmon.handles);
	secmon.fw = fw;
	return 0;
}

/* Every other "secmon,call-table" node that is not disabled: a service. */
static int load_services(unsigned int *n)
{
	struct secmon_dt *dt = secmon.dt;
	int off = -1, e;

	*n = 0;
	while ((off = fdt_node_offset_by_compatible(dt, off, "secmon,call-table")) >= 0) {
		if (secmon.fw && dt->nodes[off].np == secmon.fw->np)
			continue;
		if (!of_device_is_available(dt->nodes[off].np))
			continue;
		e = add_service(dt, false, off, "not loading", NULL);
		if (e)
			return e;
		(*n)++;
	}
	return 0;
}

static void say_loaded(unsigned int nservices)
{
	const struct secmon_fw_info *i = &secmon.info;
	char fw[96];

	if (secmon.fw)
		scnprintf(fw, sizeof(fw), "table %pOF (%s%s, %u operations)", secmon.fw->np,
			  secmon.fw->svc.c->name, secmon.fw->svc.t.legacy ? ", legacy" : "",
			  secmon.fw->svc.t.nops);
	else
		scnprintf(fw, sizeof(fw), "%s%s%s", secmon_firmware_backend(),
			  secmon.ops.c ? " over " : "", secmon.ops.c ? secmon.ops.c->name : "");
	pr_info("firmware operations: %s; %u service%s; %u CPUs\n", fw, nservices,
		nservices == 1 ? "" : "s", secmon.ops.ncpus);
	if (secmon.disc)
		pr_info("SMCCC %u.%u, PSCI %u.%u over %s (%s conduit)%s\n",
			i->smccc_version >> 16, i->smccc_version & 0xffff, i->psci_version >> 16,
			i->psci_version & 0xffff, secmon.disc->name,
			secmon.kernel_conduit ? "the kernel's" : "secmon's own",
			secmon.disc_err ? " (discovery failed)" : "");
	else
		pr_info("no SMCCC discovery: the kernel has no SMCCC conduit and the board's ABI is legacy\n");
}

static int __init secmon_init(void)
{
	unsigned int nservices;
	int e;

	if (is_kernel_in_hyp_mode())
		conduits.hvc = NULL;
	mutex_init(&secmon.lock);
	spin_lock_init(&secmon.fw_lock);
	INIT_LIST_HEAD(&secmon.handles);
	secmon_fwops_init_none(&secmon.ops);
	if (!of_have_populated_dt()) {
		pr_err("the kernel has no device tree (ACPI boot?); not loading\n");
		return -ENODEV;
	}
	secmon.dt = secmon_dt_build(NULL);
	if (!secmon.dt)
		return -ENOMEM;
	mutex_lock(&secmon.lock);
	e = load_firmware();
	if (!e)
		e = load_services(&nservices);
	mutex_unlock(&secmon.lock);
	if (!e && !secmon.fw && !nservices) {
		if (secmon.ops.backend == SECMON_FWOPS_NONE) {
			pr_err("no node with compatible \"secmon,call-table\" and no PSCI node (compatible \"arm,psci\", \"arm,psci-0.2\" or \"arm,psci-1.0\") in the device tree; not loading\n");
			e = -ENODEV;
		} else if (!psci_only) {
			pr_err("no node with compatible \"secmon,call-table\" in the device tree, only the PSCI node; not loading (psci_only=1 loads anyway)\n");
			e = -ENODEV;
		}
	}
	if (e) {
		free_handles();
		secmon_firmware_unmap_words();
		secmon_dt_free(secmon.dt);
		return e;
	}
	secmon_firmware_map_cpus();
	discover();
	secmon_debugfs_init();
	say_loaded(nservices);
	return 0;
}

static void __exit secmon_exit(void)
{
	secmon_debugfs_exit();
	free_handles();
	secmon_firmware_unmap_words();
	secmon_dt_free(secmon.dt);
	pr_info("unloaded\n");
}

module_init(secmon_init);
module_exit(secmon_exit);

MODULE_DESCRIPTION("Secure-monitor calls described by the device tree (secmon)");
MODULE_AUTHOR("secmon project");
MODULE_LICENSE("Dual BSD/GPL");
