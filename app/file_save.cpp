// SPDX-License-Identifier: Apache-2.0
#include "file_save.h"

#include "gx/file_io.h"

#include <QFile>
#include <QSaveFile>

#include <nlohmann/json.hpp>

#include <sys/stat.h>

namespace gx::app {

bool saveFile(const QString& path, const QByteArray& data, QString* error) {
    struct stat st {};
    if (::stat(QFile::encodeName(path).constData(), &st) == 0 && !S_ISREG(st.st_mode) &&
        !S_ISDIR(st.st_mode)) {
        // A device or FIFO (/dev/null, /dev/full): nothing to replace; core writes through and checks.
        try {
            gx::writeFileAtomic(QFile::encodeName(path).toStdString(),
                                std::string_view(data.data(), data.size()));
            return true;
        } catch (const std::exception& e) {
            if (error)
                *error = QString::fromUtf8(e.what());
            return false;
        }
    }
    QSaveFile f(path);
    const auto fail = [&](const QString& why) {
        f.cancelWriting();
        if (error)
            *error = why;
        return false;
    };
    if (!f.open(QIODevice::WriteOnly))
        return fail(f.errorString());
    if (f.write(data) != data.size())
        return fail(f.errorString());
    if (!f.commit()) // flush, fsync, rename; the old file stays on any failure
        return fail(f.errorString());
    return true;
}

bool saveJson(const QString& path, const nlohmann::json& j, QString* error) {
    return saveFile(path, QByteArray::fromStdString(j.dump(2) + "\n"), error);
}

} // namespace gx::app
