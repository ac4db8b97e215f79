// SPDX-License-Identifier: GPL-2.0-only OR BSD-3-Clause
/*
 * An example client of secmon.ko: a "secure media" driver for the board's
 * "secmon,secure-media" service (boards/secure-media.dtsi). The kernel
 * makes a platform device of every /firmware child with a compatible; this
 * driver binds to that device, gets the service's call table through
 * secmon's exported API, and offers one sysfs attribute:
 *
 *   /sys/bus/platform/devices/firmware:secure-media/format
 *     write N   set-format(format=N)
 *     read      get-status, prints its "format" result
 *
 * Errors are the firmware's, as errno: -EOPNOTSUPP when nothing answers
 * the service's calls, -EINVAL for a format the firmware refuses.
 */
#include <linux/device.h>
#include <linux/err.h>
#include <linux/kernel.h>
#include <linux/mod_devicetable.h>
#include <linux/module.h>
#include <linux/of.h>
#include <linux/platform_device.h>
#include <linux/secmon.h>
#include <linux/sysfs.h>

struct media {
	struct secmon_handle *svc;
};

static ssize_t format_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	struct media *m = dev_get_drvdata(dev);
	struct secmon_arg out[] = { { .name = "format" }, { .name = "buffers" } };
	int e = secmon_call(m->svc, "get-status", NULL, 0, out, ARRAY_SIZE(out));

	if (e)
		return e;
	return sysfs_emit(buf, "%llu\n", out[0].value);
}

static ssize_t format_store(struct device *dev, struct device_attribute *attr, const char *buf,
			    size_t count)
{
	struct media *m = dev_get_drvdata(dev);
	struct secmon_arg in[] = { { .name = "format" } };
	int e = kstrtou64(buf, 0, &in[0].value);

	if (e)
		return e;
	e = secmon_call(m->svc, "set-format", in, ARRAY_SIZE(in), NULL, 0);
	return e ? e : count;
}
static DEVICE_ATTR_RW(format);

static struct attribute *media_attrs[] = {
	&dev_attr_format.attr,
	NULL,
};
ATTRIBUTE_GROUPS(media);

static int media_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct media *m = devm_kzalloc(dev, sizeof(*m), GFP_KERNEL);

	if (!m)
		return -ENOMEM;
	m->svc = devm_secmon_get(dev);
	if (IS_ERR(m->svc))
		return dev_err_probe(dev, PTR_ERR(m->svc), "no secmon service at %pOF\n",
				     dev->of_node);
	if (!secmon_has(m->svc, "set-format") || !secmon_has(m->svc, "get-status"))
		return dev_err_probe(dev, -ENODEV,
				     "%pOF lacks the set-format or get-status operation\n",
				     dev->of_node);
	platform_set_drvdata(pdev, m);
	dev_info(dev, "bound to secmon service %s\n", secmon_name(m->svc));
	return 0;
}

static const struct of_device_id media_of_match[] = {
	{ .compatible = "secmon,secure-media" },
	{ }
};
MODULE_DEVICE_TABLE(of, media_of_match);

static struct platform_driver media_driver = {
	.probe = media_probe,
	.driver = {
		.name = "secmon-media-example",
		.of_match_table = media_of_match,
		.dev_groups = media_groups,
	},
};
module_platform_driver(media_driver);

MODULE_DESCRIPTION("Example secure-media driver over secmon's exported API");
MODULE_AUTHOR("secmon project");
MODULE_LICENSE("Dual BSD/GPL");
