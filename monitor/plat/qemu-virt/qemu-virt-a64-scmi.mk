# qemu-virt-a64-scmi: the qemu-virt-a64 port with the SCMI server built in
# (docs/scmi.md), build/qemu-virt-a64-scmi/secmon.bin.
include monitor/plat/qemu-virt/qemu-virt-a64.mk
SCMI := 1
