# QEMU's virt board (hw/arm/virt.c) with secure=on, on either architecture:
# its files and the shared drivers it uses. Its ports' settings
# (qemu-virt-a64.mk, qemu-virt-a32.mk) set BOARD_ARCH, the folder of the
# board's files for their architecture (a64/, a32/), and include this.
BOARD_DIR := monitor/plat/qemu-virt
BOARD_INC := $(BOARD_DIR)/$(BOARD_ARCH)
# No vendor SYSTEM_RESET2 type: monitor/plat/common/no_reset2.c.
BOARD_C := $(wildcard $(BOARD_DIR)/*.c $(BOARD_INC)/*.c) monitor/plat/common/no_reset2.c
# With SCMI=1 only: the SCMI channel's page.
BOARD_SCMI_C := $(BOARD_DIR)/scmi.c
# With TOSD=1 only: the watch of the trusted OS's first entry (cold boot).
BOARD_TOSD_C := $(BOARD_INC)/tos_watch.c
BOARD_DRIVERS := gic gicv2 pl011 pl061
# Cold boot: loading the OS from fw_cfg, reading and fixing up QEMU's DTB.
BOARD_COLD_C := $(BOARD_INC)/boot.c $(BOARD_DIR)/coldboot.c $(BOARD_DIR)/board.c \
	$(BOARD_DIR)/dt.c $(BOARD_DIR)/poweroff_dt.c $(BOARD_DIR)/payload.c $(BOARD_DIR)/fwcfg.c \
	$(BOARD_DIR)/tos.c $(BOARD_INC)/tos_watch.c
# Resident, on no measured fast path: CPU and system power, the GIC, the
# PSCI 0.1 power-off watch, entropy.
BOARD_SIZE_C := $(BOARD_DIR)/power.c $(BOARD_DIR)/poweroff.c $(BOARD_DIR)/entropy.c \
	$(BOARD_DIR)/interrupts.c $(BOARD_INC)/gic.c monitor/plat/common/no_reset2.c
