# qemu-virt-a64-tos: the qemu-virt-a64 port with the trusted-OS dispatcher
# built in (docs/trusted-os.md), build/qemu-virt-a64-tos/secmon.bin: it
# loads and runs a trusted OS given as fw_cfg opt/secmon/tos.
include monitor/plat/qemu-virt/qemu-virt-a64.mk
TOSD := 1
