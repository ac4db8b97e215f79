# What every C build of the project shares: the warnings, which are errors
# (the brief: -Wall -Wextra -Werror with gcc and with clang).
WARN := -Wall -Wextra -Werror -Wstrict-prototypes -Wmissing-prototypes -Wundef -Wshadow
