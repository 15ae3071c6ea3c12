// SPDX-License-Identifier: Apache-2.0
// Safe file input/output: size-capped reads, a bounded JSON parser front end, atomic writes.
#include "gx/file_io.h"

#include <nlohmann/json.hpp>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <set>
#include <vector>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace gx {

using nlohmann::json;
namespace fs = std::filesystem;

namespace {

std::string mib(std::int64_t bytes) {
    return std::to_string(bytes >> 20) + " MiB";
}

/// Closes a file descriptor on scope exit.
struct Fd {
    int fd = -1;
    ~Fd() {
        if (fd >= 0)
            ::close(fd);
    }
};

std::string locationOf(const std::string& text, std::size_t byte) {
    // nlohmann's parse_error::byte is 1-based: the number of bytes read when the error was detected.
    const std::size_t end = std::min(byte > 0 ? byte - 1 : 0, text.size());
    std::size_t line = 1, col = 1;
    for (std::size_t i = 0; i < end; ++i) {
        if (text[i] == '\n') {
            ++line;
            col = 1;
        } else {
            ++col;
        }
    }
    return "line " + std::to_string(line) + ", column " + std::to_string(col);
}

/// Tracks where the parser is (for paths in messages), enforces the depth limit and rejects duplicate
/// keys. Driven by nlohmann's parser callback, which sees every container start/end, key and value.
class ParseTracker {
public:
    struct Frame {
        bool object = false;
        std::string key;       ///< object: the current key
        std::int64_t idx = -1; ///< array: index of the current element
        std::set<std::string> keys;
    };

    /// JSON path of the value being parsed now (or of the next array element).
    std::string path(bool next_element = false) const {
        std::string p;
        for (std::size_t i = 0; i < frames_.size(); ++i) {
            const Frame& f = frames_[i];
            if (f.object) {
                if (f.key.empty() && i + 1 == frames_.size())
                    break;
                p += (p.empty() ? "" : ".") + showString(f.key, 40);
            } else {
                const bool last = i + 1 == frames_.size();
                const std::int64_t k = last && next_element ? f.idx + 1 : f.idx;
                p += "[" + std::to_string(std::max<std::int64_t>(k, 0)) + "]";
            }
        }
        if (p.size() > 120) // deep nesting: keep the innermost part
            p = p.substr(0, 50) + "..." + p.substr(p.size() - 60);
        return p;
    }

    bool operator()(int /*depth*/, json::parse_event_t ev, json& parsed) {
        using E = json::parse_event_t;
        switch (ev) {
        case E::object_start:
        case E::array_start:
            childStarts();
            if (static_cast<int>(frames_.size()) >= limits::kMaxJsonDepth)
                throw InputError(path(), "JSON nested deeper than " + std::to_string(limits::kMaxJsonDepth) +
                                             " levels (the limit for profiles)");
            frames_.push_back(Frame{ev == E::object_start, {}, -1, {}});
            break;
        case E::object_end:
        case E::array_end:
            if (!frames_.empty())
                frames_.pop_back();
            break;
        case E::key: {
            Frame& f = frames_.back();
            const std::string k = parsed.get<std::string>();
            f.key = k;
            if (!f.keys.insert(k).second)
                throw InputError(path(), "duplicate key '" + showString(k, 40) +
                                             "' (each key may appear only once in an object)");
            break;
        }
        case E::value:
            childStarts();
            break;
        }
        return true;
    }

private:
    void childStarts() {
        if (!frames_.empty() && !frames_.back().object)
            ++frames_.back().idx;
    }
    std::vector<Frame> frames_;
};

} // namespace

std::string showString(std::string_view s, std::size_t max) {
    std::string out;
    for (char c : s) {
        if (out.size() >= max) {
            out += "...";
            break;
        }
        const auto u = static_cast<unsigned char>(c);
        if (u < 0x20 || u == 0x7f) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\x%02x", u);
            out += buf;
        } else {
            out += c;
        }
    }
    return out;
}

std::string showJson(const json& v) {
    std::string s;
    switch (v.type()) {
    case json::value_t::object:
        s = v.empty() ? "{}" : "{...}";
        break;
    case json::value_t::array:
        s = v.empty() ? "[]" : "[...]";
        break;
    case json::value_t::string:
        return "\"" + showString(v.get_ref<const std::string&>(), 37) + "\"";
    default:
        s = v.dump(); // a scalar: no recursion
        break;
    }
    if (s.size() > 40)
        s = s.substr(0, 37) + "...";
    return s;
}

void checkName(std::string_view s, const std::string& field) {
    if (s.size() > static_cast<std::size_t>(limits::kMaxStringBytes))
        throw InputError(field, "longer than " + std::to_string(limits::kMaxStringBytes) + " bytes");
    for (char c : s) {
        const auto u = static_cast<unsigned char>(c);
        if (u < 0x20 || u == 0x7f)
            throw InputError(field, "contains a control character (newline, tab, escape, ...): \"" +
                                        showString(s, 40) + "\"; names must be one line of text");
    }
}

std::string readTextFile(const std::string& file, std::int64_t max_bytes) {
    std::error_code ec;
    if (fs::is_directory(file, ec))
        throw InputError(file, "is a directory, expected a file");
    Fd in{::open(file.c_str(), O_RDONLY | O_CLOEXEC)};
    if (in.fd < 0)
        throw InputError(file, std::string("cannot open file: ") + std::strerror(errno));
    struct stat st {};
    if (::fstat(in.fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > max_bytes)
        throw InputError(file, "file is " + mib(st.st_size) + ", larger than the " + mib(max_bytes) +
                                   " limit for input files");
    // Devices and pipes have no size: read at most max_bytes + 1 bytes.
    std::string text;
    char buf[1 << 16];
    for (;;) {
        const ssize_t n = ::read(in.fd, buf, sizeof buf);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            throw InputError(file, std::string("read failed: ") + std::strerror(errno));
        }
        if (n == 0)
            break;
        text.append(buf, static_cast<std::size_t>(n));
        if (static_cast<std::int64_t>(text.size()) > max_bytes)
            throw InputError(file, "input is larger than the " + mib(max_bytes) + " limit for input files");
    }
    return text;
}

json parseJsonText(const std::string& text, const std::string& source) {
    ParseTracker tracker;
    auto cb = [&tracker](int depth, json::parse_event_t ev, json& parsed) {
        return tracker(depth, ev, parsed);
    };
    const std::string in = source.empty() ? "" : " (in " + source + ")";
    try {
        // Comments (// and /* */) are accepted: profiles are hand-edited.
        return json::parse(text, cb, true, true);
    } catch (const InputError& e) {
        throw InputError(e.field().empty() ? source : e.field(), e.reason() + in);
    } catch (const json::parse_error& e) {
        std::string msg = e.what();
        // Drop nlohmann's "[json.exception.parse_error.101] parse error at line 1, column 2: " prefix.
        if (auto pos = msg.find(": "); pos != std::string::npos && msg.rfind("[json.exception", 0) == 0)
            msg = msg.substr(pos + 2);
        throw InputError(source, "JSON syntax error at " + locationOf(text, e.byte) + ": " + msg);
    } catch (const json::out_of_range&) {
        // A number literal outside the double range (1e400): nlohmann reports "number overflow".
        const std::string p = tracker.path(true);
        throw InputError(p.empty() ? source : p, "number is out of range (beyond +-1.8e308)" + in);
    } catch (const json::exception& e) {
        throw InputError(source, std::string("invalid JSON: ") + showString(e.what(), 120));
    }
}

void writeFileAtomic(const std::string& file, std::string_view data, bool executable) {
    if (file.empty())
        throw InputError("file", "no file name given");
    auto fail = [&](const std::string& what, int err) {
        throw InputError(file, what + ": " + std::strerror(err));
    };
    auto writeAll = [&](int fd) {
        std::size_t done = 0;
        while (done < data.size()) {
            const ssize_t n = ::write(fd, data.data() + done, data.size() - done);
            if (n < 0) {
                if (errno == EINTR)
                    continue;
                return errno;
            }
            done += static_cast<std::size_t>(n);
        }
        return 0;
    };

    fs::path target(file);
    std::error_code ec;
    // Follow a symlink so that the file it points to is replaced, not the link.
    if (fs::is_symlink(target, ec)) {
        const fs::path resolved = fs::weakly_canonical(target, ec);
        if (!ec)
            target = resolved;
    }
    struct stat st {};
    const bool exists = ::stat(target.c_str(), &st) == 0;
    if (exists && S_ISDIR(st.st_mode))
        throw InputError(file, "is a directory, expected a file name");
    if (exists && !S_ISREG(st.st_mode)) {
        // A device, FIFO or socket (/dev/null, /dev/stdout, a pipe): write in place, check everything.
        Fd out{::open(target.c_str(), O_WRONLY | O_CLOEXEC)};
        if (out.fd < 0)
            fail("cannot open for writing", errno);
        if (const int err = writeAll(out.fd))
            fail("write failed", err);
        const int fd = out.fd;
        out.fd = -1;
        if (::close(fd) != 0)
            fail("write failed", errno);
        return;
    }

    const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
    std::string tmpl = (dir / ("." + target.filename().string() + ".tmp-XXXXXX")).string();
    std::vector<char> name(tmpl.begin(), tmpl.end());
    name.push_back('\0');
    Fd out{::mkstemp(name.data())};
    if (out.fd < 0)
        fail("cannot create a temporary file in '" + dir.string() + "'", errno);
    const std::string tmp(name.data());
    auto cleanup = [&](const std::string& what, int err) {
        ::unlink(tmp.c_str());
        fail(what, err);
    };
    // Permissions: keep the old file's, else the usual 0666 minus umask (mkstemp creates 0600).
    mode_t mode = 0;
    if (exists) {
        mode = st.st_mode & 07777;
    } else {
        const mode_t mask = ::umask(0);
        ::umask(mask);
        mode = 0666 & ~mask;
    }
    if (executable)
        mode |= (mode & 0444) >> 2; // x wherever r is set
    if (::fchmod(out.fd, mode) != 0)
        cleanup("cannot set permissions", errno);
    if (const int err = writeAll(out.fd))
        cleanup("write failed (previous file kept)", err);
    if (::fsync(out.fd) != 0)
        cleanup("write failed (previous file kept)", errno);
    const int fd = out.fd;
    out.fd = -1;
    if (::close(fd) != 0)
        cleanup("write failed (previous file kept)", errno);
    if (::rename(tmp.c_str(), target.c_str()) != 0)
        cleanup("cannot replace the file", errno);
    // Make the rename durable: fsync the directory (best effort).
    Fd d{::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC)};
    if (d.fd >= 0)
        ::fsync(d.fd);
}

} // namespace gx
